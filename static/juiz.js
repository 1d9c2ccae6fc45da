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

  /* Submit form: the language follows the file's extension unless chosen by hand. */
  function languageFromExtension(form) {
    var select = form.querySelector("select[name=language]");
    var file = form.querySelector("input[type=file]");
    var name = form.querySelector("input[name=filename]");
    if (!select) { return; }
    var manual = false;
    select.addEventListener("change", function () { manual = select.value !== ""; });
    function guess(filename) {
      if (manual || !filename || filename.indexOf(".") < 0) { return; }
      var ext = filename.split(".").pop().toLowerCase();
      Array.prototype.forEach.call(select.options, function (opt) {
        var exts = (opt.dataset.extensions || "").split(",");
        if (exts.indexOf(ext) >= 0) { select.value = opt.value; }
      });
    }
    if (file) { file.addEventListener("change", function () { guess(file.files[0] && file.files[0].name); }); }
    if (name) { name.addEventListener("input", function () { guess(name.value); }); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    setInterval(tick, 1000);
    document.querySelectorAll("[data-poll]").forEach(function (el) {
      setTimeout(function () { poll(el); }, 4000);
    });
    document.querySelectorAll("form[data-submit-form]").forEach(languageFromExtension);
  });
})();
