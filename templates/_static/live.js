/* The live pages of `tourney serve` (the wall, the TV, the phones, the director's page) keep
   themselves current with this one script, loaded from the same server (a Content-Security-Policy
   of script-src 'self' allows it). Its <script> tag says how:

     data-token     the page's token as it was drawn (the wall's /_token of that moment)
     data-feed      the change feed (server-sent events, /_live)
     data-poll      the token to poll when there is no feed (no EventSource, or it keeps failing)
     data-poll-ms   how often to poll
     data-url       the page to fetch again (default: this address; after a form's POST, its page)
     data-counter   a window property counting the updates applied (tests and the TV read it)
     data-rotate    seconds after which to go to the element [data-next]'s address (the TV's rotation)
     data-device    label this browser for the event's log: input[name=device] gets a random name kept here
     data-your-phone, data-new-results   the page's words for "your phone" and the refresh notice (its language)

   On a new token it fetches the page again and swaps each region marked data-live="NAME" for the
   fresh one of the same name, keeping the scroll position. It never swaps a region holding a form
   someone has touched (a field changed, focused, or typed in) or an element marked data-live-hold
   (a confirmation waiting for its answer): it shows "New results: tap to refresh" instead. Without
   JavaScript the page's own meta refresh does the job. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) { return; }
  var config = script.dataset;
  var token = config.token || "";
  var pageUrl = config.url || location.pathname + location.search;
  var pollMs = parseInt(config.pollMs || "2000", 10);
  var counter = config.counter || "tourneyUpdates";
  var MAX_FEED_ERRORS = 3;
  var fetching = false;
  var again = false;
  var forceAgain = false;
  var notice = null;

  window[counter] = 0;

  function labelDevice() {
    if (config.device === undefined) { return; }
    var device;
    try {
      device = localStorage.getItem("tourney-device");
      if (!device) {
        device = "phone-" + Math.random().toString(36).slice(2, 8);
        localStorage.setItem("tourney-device", device);
      }
    } catch (e) { device = "phone"; }
    document.querySelectorAll("input[name=device]").forEach(function (input) { input.value = device; });
    // A report this browser sent says so ("your phone"): its label is known here only.
    document.querySelectorAll(".device[data-device]").forEach(function (el) {
      if (el.getAttribute("data-device") === device) { el.textContent = config.yourPhone || "your phone"; }
    });
  }

  // A form someone typed in or chose from stays theirs until they send it.
  function markDirty(event) {
    var form = event.target && event.target.form;
    if (form) { form.setAttribute("data-dirty", ""); }
  }
  document.addEventListener("input", markDirty, true);
  document.addEventListener("change", markDirty, true);

  function changed(field) {
    var tag = field.tagName;
    if (tag === "SELECT") {
      for (var i = 0; i < field.options.length; i += 1) {
        if (field.options[i].selected !== field.options[i].defaultSelected) { return true; }
      }
      return false;
    }
    if (tag === "TEXTAREA") { return field.value !== field.defaultValue; }
    if (field.type === "checkbox" || field.type === "radio") { return field.checked !== field.defaultChecked; }
    if (field.type === "hidden" || field.type === "submit" || field.type === "button") { return false; }
    return field.value !== field.defaultValue;
  }

  function touched(region) {
    if (region.querySelector("[data-live-hold], form[data-dirty]")) { return true; }
    var focused = document.activeElement;
    if (focused && focused !== document.body && region.contains(focused) &&
        /^(INPUT|SELECT|TEXTAREA)$/.test(focused.tagName)) { return true; }
    var fields = region.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i += 1) {
      if (changed(fields[i])) { return true; }
    }
    return false;
  }

  function showNotice() {
    if (notice) { return; }
    notice = document.createElement("button");
    notice.type = "button";
    notice.className = "live-notice";
    notice.textContent = config.newResults || "New results: tap to refresh";
    notice.setAttribute("role", "status");
    notice.style.cssText = "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;" +
      "width:auto;min-height:0;margin:0;padding:0.7rem 1.2rem;border:0;border-radius:2rem;" +
      "background:#1f5fbf;color:#fff;font:inherit;font-weight:700;box-shadow:0 0.2rem 0.8rem rgba(0,0,0,0.3);";
    notice.addEventListener("click", function () { refresh(true); });
    document.body.appendChild(notice);
  }

  function hideNotice() {
    if (notice) { notice.remove(); notice = null; }
  }

  // A selector for the button or link of `region` that has focus (by id, else by its label), or "".
  function focusKey(region) {
    var focused = document.activeElement;
    if (!focused || !region.contains(focused) || !/^(BUTTON|A)$/.test(focused.tagName)) { return ""; }
    if (focused.id) { return "#" + CSS.escape(focused.id); }
    var label = focused.getAttribute("aria-label");
    return label ? focused.tagName.toLowerCase() + '[aria-label="' + CSS.escape(label) + '"]' : "";
  }

  // The regions of the fresh page replace those of this one; `force`: the held ones too.
  function apply(fresh, force) {
    var x = window.scrollX, y = window.scrollY;
    var regions = document.querySelectorAll("[data-live]");
    var held = false;
    regions.forEach(function (region) {
      var name = region.getAttribute("data-live");
      var next = fresh.querySelector('[data-live="' + CSS.escape(name) + '"]');
      if (!next) { return; }
      if (!force && touched(region)) { held = true; return; }
      if (region === document.body) {
        document.body.className = next.className;
        document.body.innerHTML = next.innerHTML;
      } else {
        var again = focusKey(region);
        var node = document.importNode(next, true);
        region.replaceWith(node);
        // A keyboard user keeps their place: the button or link they had reached has focus again.
        var same = again ? node.querySelector(again) : null;
        if (same) { same.focus({ preventScroll: true }); }
      }
    });
    if (fresh.title) { document.title = fresh.title; }
    labelDevice();
    window.scrollTo(x, y);
    if (held) { showNotice(); } else { hideNotice(); }
    window[counter] += 1;
  }

  function freshToken(fresh) {
    var tag = fresh.querySelector("script[data-token]");
    return tag ? tag.getAttribute("data-token") : null;
  }

  function refresh(force) {
    if (fetching) { again = true; forceAgain = forceAgain || force === true; return; }
    fetching = true;
    fetch(pageUrl, {cache: "no-store", credentials: "same-origin"}).then(function (response) {
      if (response.status === 403 || response.status === 404) {
        location.replace(pageUrl);  // the link was revoked, or the page is gone: say so
        return null;
      }
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html === null) { return; }
      var fresh = new DOMParser().parseFromString(html, "text/html");
      token = freshToken(fresh) || token;
      apply(fresh, force === true);
    }).catch(function () {}).then(function () {
      fetching = false;
      if (again) { again = false; refresh(forceAgain); forceAgain = false; }
    });
  }

  function seen(latest) {
    if (latest && latest !== token) {
      token = latest;
      refresh(false);
    }
  }

  function poll() {
    fetch(config.poll, {cache: "no-store"}).then(function (r) { return r.ok ? r.text() : null; })
      .then(seen).catch(function () {}).then(function () { setTimeout(poll, pollMs); });
  }

  function listen() {
    if (!config.feed || typeof window.EventSource !== "function") { return false; }
    var errors = 0;
    var source = new EventSource(config.feed);
    source.onopen = function () { errors = 0; };
    source.onmessage = function (event) { errors = 0; seen(event.data); };
    source.onerror = function () {
      errors += 1;
      // Refused (503: too many pages listen) or failing again and again: poll instead.
      if (source.readyState === EventSource.CLOSED || errors >= MAX_FEED_ERRORS) {
        source.close();
        setTimeout(poll, pollMs);
      }
    };
    return true;
  }

  function rotate() {
    var seconds = parseInt(config.rotate || "0", 10);
    if (seconds > 0) {
      setTimeout(function () {
        var next = document.querySelector("[data-next]");
        location.assign(next ? next.getAttribute("data-next") : location.href);
      }, seconds * 1000);
    }
  }

  labelDevice();
  rotate();
  if (!document.querySelector("[data-live]")) { return; }  // nothing here changes (the look-up)
  if (!listen() && config.poll) { setTimeout(poll, pollMs); }
})();
