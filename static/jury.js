/* Jury pages: small progressive enhancements; every page works without this file.

   Live (docs/live.md): live.js patches what an event says (a report's state and tests, a
   set's progress, a self-test's state); this file does what needs the server's rendering:
   when an event says a report, a rejudge set or a self-test is finished (or a snapshot says
   events were missed), it fetches the page again and swaps its [data-live-region] parts, so
   the per-test table, the matrix and the outputs appear without a reload (and a comment being
   typed elsewhere on the page is kept). Without a live socket it falls back to polling. */
"use strict";

(function () {
  function $all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }

  function connected() { return Boolean(window.JuizLive && window.JuizLive.connected); }

  /* Fetch this page again and replace the named regions with their new rendering. Calls made
     while a fetch runs are merged into one more fetch after it. */
  var pending = null, running = false;
  function refresh(names) {
    pending = (pending || []).concat(names);
    if (running) { return; }
    running = true;
    var wanted = pending;
    pending = null;
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        wanted.forEach(function (name) {
          var selector = '[data-live-region="' + name + '"]';
          var old = document.querySelector(selector), now = fresh.querySelector(selector);
          if (old && now) { old.replaceWith(document.importNode(now, true)); }
        });
        document.dispatchEvent(new CustomEvent("juiz:refreshed", { detail: wanted }));
      })
      .catch(function () { /* keep what is shown; the next event or poll tries again */ })
      .finally(function () {
        running = false;
        if (pending) { refresh([]); }
      });
  }

  /* ---- the submission page: reports being judged ------------------------------------- */

  function followReports() {
    var region = document.querySelector('[data-live-region="report"]');
    var shown = region ? region.dataset.shownJudgement : null;
    window.JuizLive.on(function (msg) {
      if (msg.type === "snapshot") { refresh(["report"]); return; }
      if (msg.type === "judgement" && String(msg.judgement) === shown && msg.finished) {
        refresh(["report"]);
      }
    });
  }

  /* ---- a rejudge set: progress, matrix, Apply ---------------------------------------- */

  function enableApply(finished) {
    $all("[data-apply-button]").forEach(function (button) {
      button.disabled = !finished;
      if (finished) { button.removeAttribute("title"); }
    });
  }

  function followRejudge(box) {
    var id = box.dataset.rejudgeId;
    window.JuizLive.on(function (msg) {
      if (msg.type === "snapshot") {
        refresh(["rejudge-head", "rejudge-matrix", "rejudge-overrides", "rejudge-decide"]);
        return;
      }
      if (msg.type !== "rejudge" || String(msg.rejudge) !== id) { return; }
      if (msg.state && msg.state !== "judging") {
        refresh(["rejudge-head", "rejudge-matrix", "rejudge-overrides", "rejudge-decide"]);
        return;
      }
      refresh(["rejudge-matrix"]);
      enableApply(msg.finished);
    });
  }

  /* Without a live socket: poll the progress endpoint and refresh the same regions. */
  function pollRejudge(box) {
    var bar = box.querySelector(".bar"), seen = null;
    function poll() {
      if (box.dataset.state !== "judging") { return; }
      if (connected()) { setTimeout(poll, 5000); return; }
      fetch(box.dataset.progressUrl, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (p) {
          bar.style.width = p.percent + "%";
          box.querySelector("[data-done]").textContent = p.done;
          box.querySelector("[data-total]").textContent = p.total;
          var now = p.done + "/" + p.state;
          if (now !== seen) {
            seen = now;
            refresh(p.state === "judging" ? ["rejudge-matrix"]
              : ["rejudge-head", "rejudge-matrix", "rejudge-overrides", "rejudge-decide"]);
            enableApply(p.done === p.total);
          }
          box.dataset.state = p.state;
          setTimeout(poll, 2000);
        })
        .catch(function () { setTimeout(poll, 5000); });
    }
    setTimeout(poll, 1500);
  }

  /* ---- a compiler self-test ---------------------------------------------------------- */

  function followSelfTest(el) {
    var id = el.dataset.selftest;
    window.JuizLive.on(function (msg) {
      if (msg.type === "snapshot" || (msg.type === "selftest" && String(msg.selftest) === id && msg.finished)) {
        refresh(["selftest"]);
      }
    });
  }

  /* Pages whose data is still changing reload while no live socket is open (the fallback). */
  function reloadWhileOffline() {
    setTimeout(function () {
      if (!document.querySelector("[data-reload-while-judging]")) { return; }
      if (connected()) { reloadWhileOffline(); return; }
      window.location.reload();
    }, 3000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var live = Boolean(window.JuizLive && document.querySelector("[data-live-stream]"));
    var box = document.getElementById("progress");
    var selftest = document.querySelector("[data-selftest]");
    if (live) {
      if (box) { followRejudge(box); }
      if (selftest) { followSelfTest(selftest); }
      if (document.querySelector('[data-live-region="report"]')) { followReports(); }
    }
    if (box) { pollRejudge(box); }
    if (document.querySelector("[data-reload-while-judging]")) { reloadWhileOffline(); }
  });
})();
