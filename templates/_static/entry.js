/* The console's entry line (templates/console/results.html): Tab completes as the desk does, from
   the server's candidates (GET the form's data-complete address with ?line=the text before the
   caret: [{text, note, line}], `line` being the whole line with the candidate in place). One
   candidate is put in place; several put in what they share and are listed under the line (a click
   puts one in). A second Tab with nothing new to complete moves the focus on, as Tab does anywhere.
   Enter posts the form as it would without this script. A form of the tables' cards is sent once:
   a second tap while it is on its way does nothing. */
(function () {
  "use strict";
  var form = document.getElementById("entry-form");
  var input = document.getElementById("entry-line");
  var list = document.getElementById("entry-candidates");
  if (!form || !input || !list) { return; }
  var url = form.getAttribute("data-complete");
  var lastTab = null;  // the line as the last Tab left it
  var asked = 0;

  function shared(lines) {
    var prefix = lines[0];
    lines.forEach(function (line) {
      var i = 0;
      while (i < prefix.length && i < line.length && prefix[i] === line[i]) { i += 1; }
      prefix = prefix.slice(0, i);
    });
    return prefix;
  }

  function put(text, rest) {
    input.value = text + rest;
    input.focus();
    input.setSelectionRange(text.length, text.length);
    lastTab = input.value;
  }

  function show(found, rest) {
    list.textContent = "";
    if (found.length === 0) {
      var none = document.createElement("li");
      none.textContent = form.getAttribute("data-nothing") || "Nothing to complete here.";
      list.appendChild(none);
      return;
    }
    found.forEach(function (candidate) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = candidate.text;
      if (candidate.note) {
        var note = document.createElement("span");
        note.className = "note";
        note.textContent = " " + candidate.note;
        button.appendChild(note);
      }
      button.addEventListener("click", function () { list.textContent = ""; put(candidate.line, rest); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function complete() {
    var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
    var before = input.value.slice(0, caret);
    var rest = input.value.slice(caret);
    var mine = asked += 1;
    fetch(url + "?line=" + encodeURIComponent(before), {cache: "no-store", credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (found) {
        if (found === null || mine !== asked || input.value !== before + rest) { return; }
        if (found.length === 1) {
          list.textContent = "";
          put(found[0].line, rest);
          return;
        }
        var common = found.length ? shared(found.map(function (c) { return c.line; })) : "";
        if (common.length > before.length) { put(common, rest); } else { lastTab = input.value; }
        show(found, rest);
      })
      .catch(function () {});
  }

  input.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (input.value.trim() === "" || input.value === lastTab) {
      lastTab = null;  // nothing new to complete: Tab moves on
      return;
    }
    event.preventDefault();
    complete();
  });
  input.addEventListener("input", function () { lastTab = null; list.textContent = ""; });

  // A line kept after a refusal: the caret at its end, ready to be corrected.
  if (document.activeElement === input && input.value) {
    input.setSelectionRange(input.value.length, input.value.length);
  }

  document.addEventListener("submit", function (event) {
    var sent = event.target;
    if (sent === form) { return; }
    if (sent.hasAttribute("data-sent")) { event.preventDefault(); return; }
    sent.setAttribute("data-sent", "");
  }, true);
})();
