/* Juiz: small progressive enhancements. Every page works without this file. */
"use strict";

(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60);
    return h + ":" + pad(m) + ":" + pad(seconds % 60);
  }

  /* Countdowns: <span data-countdown="ISO time" data-prefix=".." data-suffix="..">.
     At zero the phase changed, so the page is reloaded to show the new state. */
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = (Date.parse(el.dataset.countdown) - now) / 1000;
      el.textContent = (el.dataset.prefix || "") + format(left) + (el.dataset.suffix || "");
      if (left <= 0 && !el.dataset.reloaded) {
        el.dataset.reloaded = "1";
        setTimeout(function () { window.location.reload(); }, 1500);
      }
    });
  }

  /* Polling: <div data-poll="URL" data-poll-while=".selector">: while the element contains
     something matching the selector (e.g. a submission not yet judged), its inner HTML is
     replaced every few seconds by the fragment at URL. */
  function poll(el) {
    var selector = el.dataset.pollWhile;
    if (selector && !el.querySelector(selector)) { return; }
    fetch(el.dataset.poll, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { el.innerHTML = html; })
      .catch(function () { /* keep the old content; try again later */ })
      .finally(function () { setTimeout(function () { poll(el); }, 4000); });
  }

  /* Submit form: the language follows the files' extensions unless chosen by hand. Of several
     files, only the ones of some language count (a header does not), and they must agree:
     otherwise the server's rules decide, and say why when they cannot. */
  function languageFromExtension(form) {
    var select = form.querySelector("select[name=language]");
    var file = form.querySelector("input[type=file]");
    var name = form.querySelector("input[name=filename]");
    if (!select) { return; }
    var manual = false;
    select.addEventListener("change", function () { manual = select.value !== ""; });
    function languageOf(filename) {
      if (!filename || filename.indexOf(".") < 0) { return null; }
      var ext = filename.split(".").pop().toLowerCase();
      var found = null;
      Array.prototype.forEach.call(select.options, function (opt) {
        var exts = (opt.dataset.extensions || "").split(",");
        if (opt.value && exts.indexOf(ext) >= 0) { found = opt.value; }
      });
      return found;
    }
    function guess(filenames) {
      if (manual) { return; }
      var found = {};
      filenames.forEach(function (n) { var l = languageOf(n); if (l) { found[l] = true; } });
      var ids = Object.keys(found);
      if (ids.length === 1) { select.value = ids[0]; }
    }
    if (file) {
      file.addEventListener("change", function () {
        guess(Array.prototype.map.call(file.files, function (f) { return f.name; }));
      });
    }
    if (name) { name.addEventListener("input", function () { guess([name.value]); }); }
  }

  /* Drafts of the submit form: the pasted program and its file name are kept in localStorage
     per contest, problem and language ("juiz:draft:submit:<contest>:<problem>:<language>"), so a
     reload or a closed tab loses nothing. The draft follows the text: choosing another problem
     or language moves it. On load an empty form gets the newest draft of its problem (or, with
     no problem chosen, of the contest), selects included. After a successful submit (the
     submissions page, reached with ?submitted=<id>) the draft that was sent is removed. */
  var DRAFT_PREFIX = "juiz:draft:submit:";
  var SENDING = "juiz:draft-sending";

  function storage(kind) {
    try { return window[kind]; } catch (e) { return null; } /* disabled: drafts are a convenience */
  }

  function draftKey(contest, problem, language) {
    return DRAFT_PREFIX + contest + ":" + (problem || "none") + ":" + (language || "auto");
  }

  function readDraft(key) {
    var store = storage("localStorage");
    try { return store ? JSON.parse(store.getItem(key)) : null; } catch (e) { return null; }
  }

  function newestDraft(prefix) {
    var store = storage("localStorage"), best = null;
    if (!store) { return null; }
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i);
      var draft = key && key.indexOf(prefix) === 0 ? readDraft(key) : null;
      if (draft && draft.code && (!best || draft.savedAt > best.savedAt)) { best = draft; }
    }
    return best;
  }

  function keepDrafts(form) {
    var contest = form.dataset.contest;
    var code = form.querySelector("textarea[name=code]");
    var name = form.querySelector("input[name=filename]");
    var problem = form.querySelector("select[name=problem]");
    var language = form.querySelector("select[name=language]");
    var store = storage("localStorage");
    if (!contest || !code || !problem || !language || !store) { return; }
    var sending = storage("sessionStorage");
    if (sending) { sending.removeItem(SENDING); } /* back here: that submit was refused */
    function currentKey() { return draftKey(contest, problem.value, language.value); }

    if (!code.value) {
      var prefix = DRAFT_PREFIX + contest + ":" + (problem.value ? problem.value + ":" : "");
      var draft = newestDraft(prefix);
      if (draft) {
        if (draft.problem) { problem.value = draft.problem; }
        language.value = draft.language || "";
        code.value = draft.code;
        if (name && draft.filename) { name.value = draft.filename; }
      }
    }

    var savedKey = null;
    function save() {
      var key = currentKey();
      try {
        if (savedKey && savedKey !== key) { store.removeItem(savedKey); } /* it moved */
        if (code.value.trim()) {
          store.setItem(key, JSON.stringify({
            code: code.value, filename: name ? name.value : "", problem: problem.value,
            language: language.value, savedAt: Date.now()
          }));
        } else {
          store.removeItem(key);
        }
      } catch (e) { /* storage full: drafts are a convenience */ }
      savedKey = key;
    }
    if (code.value.trim()) { savedKey = currentKey(); }
    [code, name].forEach(function (el) { if (el) { el.addEventListener("input", save); } });
    [problem, language].forEach(function (el) { el.addEventListener("change", save); });
    form.addEventListener("submit", function () {
      save();
      if (sending && code.value.trim()) { sending.setItem(SENDING, currentKey()); }
    });
  }

  function clearSentDraft() {
    var sending = storage("sessionStorage"), store = storage("localStorage");
    var key = sending ? sending.getItem(SENDING) : null;
    if (!key || !new URLSearchParams(location.search).get("submitted")) { return; }
    sending.removeItem(SENDING);
    if (store) { store.removeItem(key); }
    history.replaceState(history.state, "", location.pathname); /* a reload clears nothing */
  }

  /* The header's contest switcher: choosing a contest switches at once (the form's button
     does it without scripts). */
  function switchOnChange(form) {
    var select = form.querySelector("select");
    if (select) { select.addEventListener("change", function () { form.submit(); }); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-contest-switcher]").forEach(switchOnChange);
    tick();
    setInterval(tick, 1000);
    document.querySelectorAll("[data-poll]").forEach(function (el) {
      setTimeout(function () { poll(el); }, 4000);
    });
    document.querySelectorAll("form[data-submit-form]").forEach(languageFromExtension);
    document.querySelectorAll("form[data-submit-form]").forEach(keepDrafts);
    clearSentDraft();
  });
})();
