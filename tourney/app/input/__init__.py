"""What operations take in, checked and normalised: text that was not UTF-8, CSV headers and a
player list's CSV, numbers and names as typed, how names sort, and the files read and written."""
