/* The editor of a function problem: CodeMirror 5 (vendored, static/vendor/codemirror), a
   language switch with drafts in localStorage per contest, problem and language (kept after a
   submit: this page is where the team goes on working on the program), "Run" (custom input,
   per-case results polled from the run's job) and "Submit" (the normal pipeline; the pending
   verdict is polled from the submission's page fragment). Configuration: #fn-editor-config
   (json_script). */
"use strict";

(function () {
  var config = JSON.parse(document.getElementById("fn-editor-config").textContent);
  var select = document.getElementById("fn-language");
  var status = document.getElementById("fn-status");
  var note = document.getElementById("fn-language-note");
  var runButton = document.getElementById("fn-run");
  var submitButton = document.getElementById("fn-submit");
  var byId = {};
  config.languages.forEach(function (lang) { byId[lang.id] = lang; });

  var editor = window.CodeMirror.fromTextArea(document.getElementById("fn-source"), {
    lineNumbers: true,
    indentUnit: 4,
    matchBrackets: true,
    autoCloseBrackets: true,
    viewportMargin: Infinity
  });
  window.JuizEditor = editor; /* for tests and the curious */

  function draftKey(languageId) { return config.draftKey + languageId; }

  function readDraft(languageId) {
    try {
      var store = window.localStorage;
      /* Drafts were once keyed by the page's path, which another contest's problem shares. */
      var legacy = "juiz:draft:" + location.pathname + ":" + languageId;
      if (store.getItem(draftKey(languageId)) === null && store.getItem(legacy) !== null) {
        store.setItem(draftKey(languageId), store.getItem(legacy));
        store.removeItem(legacy);
      }
      return store.getItem(draftKey(languageId));
    } catch (e) { return null; }
  }

  function saveDraft(languageId) {
    var text = editor.getValue();
    try {
      if (text === byId[languageId].starter) {
        window.localStorage.removeItem(draftKey(languageId)); /* not edited: no draft */
      } else {
        window.localStorage.setItem(draftKey(languageId), text);
      }
    } catch (e) { /* storage full or disabled: drafts are a convenience */ }
  }

  var current = null;

  function show(languageId) {
    var lang = byId[languageId];
    current = languageId;
    editor.setOption("mode", lang.mode);
    var draft = readDraft(languageId);
    editor.setValue(draft !== null ? draft : lang.starter);
    note.textContent = lang.judged ? "" : lang.name + ": " + lang.label + ".";
    runButton.disabled = submitButton.disabled = !lang.judged;
  }

  var rememberKey = config.draftKey.replace("juiz:draft:", "juiz:language:");
  select.addEventListener("change", function () {
    if (current) { saveDraft(current); }
    try { window.localStorage.setItem(rememberKey, select.value); } catch (e) { /* ignore */ }
    show(select.value);
  });
  editor.on("change", function () { if (current) { saveDraft(current); } });
  document.getElementById("fn-reset").addEventListener("click", function () {
    editor.setValue(byId[current].starter);
  });

  var remembered = null;
  try { remembered = window.localStorage.getItem(rememberKey); } catch (e) { /* ignore */ }
  if (remembered && byId[remembered]) { select.value = remembered; }
  show(select.value);

  /* ---- requests -------------------------------------------------------------------------- */

  function csrfToken() {
    var input = document.querySelector("#function-editor input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return { error: "The server answered " + r.status + "." }; })
        .then(function (data) { return { ok: r.ok, data: data }; });
    });
  }

  function say(text, kind) {
    status.textContent = text;
    status.className = "small" + (kind ? " status-" + kind : "");
  }

  /* ---- Run ------------------------------------------------------------------------------- */

  function cell(row, text, className) {
    var td = document.createElement("td");
    if (className) { td.className = className; }
    var code = document.createElement("code");
    code.textContent = text === undefined || text === null ? "" : String(text);
    td.appendChild(code);
    row.appendChild(td);
  }

  function statusClass(caseStatus) {
    if (caseStatus === "Accepted" || caseStatus === "pass") { return "verdict verdict-ok"; }
    return "verdict verdict-bad";
  }

  function showRun(result) {
    var box = document.getElementById("fn-run-results");
    var compile = document.getElementById("fn-compile");
    var body = box.querySelector("tbody");
    box.hidden = false;
    compile.hidden = !result.compile_output;
    compile.textContent = result.compile_output || "";
    body.innerHTML = "";
    (result.cases || []).forEach(function (c) {
      var row = document.createElement("tr");
      row.className = "run-case";
      row.dataset.status = c.status;
      cell(row, c.name);
      cell(row, c.status, statusClass(c.status));
      cell(row, c.input);
      cell(row, c.expected);
      cell(row, c.got);
      cell(row, c.error, "wrap");
      body.appendChild(row);
    });
    var failed = (result.cases || []).filter(function (c) { return c.status !== "Accepted"; });
    say(result.summary || (failed.length ? failed.length + " case(s) not accepted." : "All cases passed."),
        failed.length || !result.compiled ? "bad" : "ok");
  }

  function pollRun(url, tries) {
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (data.status === "done") { runButton.disabled = false; showRun(data.result); return; }
        if (data.status === "error" || data.error) {
          runButton.disabled = false;
          say(data.error || "The run failed.", "bad");
          return;
        }
        say(data.status === "running" ? "Running…" : "Waiting for a judge…");
        setTimeout(function () { pollRun(url, tries + 1); }, Math.min(2000, 300 + tries * 100));
      })
      .catch(function () { setTimeout(function () { pollRun(url, tries + 1); }, 2000); });
  }

  runButton.addEventListener("click", function () {
    runButton.disabled = true;
    say("Sending…");
    post(config.runUrl, {
      language: current,
      source: editor.getValue(),
      custom: document.getElementById("fn-custom").value
    }).then(function (answer) {
      if (!answer.ok) { runButton.disabled = false; say(answer.data.error, "bad"); return; }
      pollRun(answer.data.url, 0);
    });
  });

  /* ---- Submit ---------------------------------------------------------------------------- */

  function refreshSubmission(box, url) {
    fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { box.querySelector(".fn-verdict").innerHTML = html; })
      .catch(function () { /* the poller will try again */ });
  }

  function pollSubmission(box, url) {
    fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        box.querySelector(".fn-verdict").innerHTML = html;
        if (box.querySelector("[data-waiting]")) {
          setTimeout(function () { pollSubmission(box, url); }, 2000);
        }
      })
      .catch(function () { setTimeout(function () { pollSubmission(box, url); }, 4000); });
  }

  /* Live: the team's stream (live.js, loaded deferred, so hooked once the page is parsed)
     announces each change of our submissions; fetch the fragment at once instead of waiting
     for the next poll. Polling stays as the fallback when the socket is down. */
  var watched = {};
  document.addEventListener("DOMContentLoaded", function () {
    var live = window.JuizLive;
    if (!live) { return; }
    var previous = live.onevent;
    live.onevent = function (msg) {
      if (previous) { previous(msg); }
      var id = msg.type === "submission" && msg.submission ? msg.submission.id : null;
      if (id !== null && watched[id]) { watched[id](); }
    };
  });

  submitButton.addEventListener("click", function () {
    submitButton.disabled = true;
    say("Submitting…");
    post(config.submitUrl, { language: current, source: editor.getValue() }).then(function (answer) {
      submitButton.disabled = false;
      if (!answer.ok) { say(answer.data.error, "bad"); return; }
      say("Submission #" + answer.data.id + " received.", "ok");
      var box = document.getElementById("fn-submission");
      box.hidden = false;
      box.innerHTML = '<h3><a></a></h3><div class="fn-verdict"></div>';
      var link = box.querySelector("a");
      link.href = answer.data.url;
      link.textContent = "Submission #" + answer.data.id;
      watched[answer.data.id] = function () { refreshSubmission(box, answer.data.url); };
      pollSubmission(box, answer.data.url);
    });
  });
})();
