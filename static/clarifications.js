/* Clarifications, live (docs/live.md): reacts to "clarification" events and snapshots of the
   team and jury streams through JuizLive.on (static/live.js).

   Team pages (the layout, templates/base.html): a notice per unread jury message in
   aside[data-live-notices] (dismissing one marks it read on the server), the unread count
   [data-live-unread], and on the clarifications page the list ol[data-live-clarifications]
   (li[data-clarification-id], the same markup as templates/team/_clar_message.html).
   Jury pages: the unanswered count [data-live-unanswered], the questions table
   tbody[data-live-questions] (rows tr[data-clarification-id]), and a question's page
   [data-live-region=clar-thread][data-question], fetched again when it changes. */
"use strict";

(function () {
  /* A canned answer fills the answer's text, which the judge may still change. */
  document.addEventListener("change", function (e) {
    var select = e.target.closest && e.target.closest("select[data-canned]");
    var option = select && select.selectedOptions[0];
    var text = select && select.form.querySelector("textarea[name=text]");
    if (option && option.dataset.text && text) { text.value = option.dataset.text; }
  });
})();

(function () {
  var live = window.JuizLive;
  if (!live || live.clarificationsStarted) { return; }
  live.clarificationsStarted = true;

  function $all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function multiline(tag, cls, text) {
    var e = el(tag, cls);
    String(text).split("\n").forEach(function (line, i) {
      if (i) { e.appendChild(document.createElement("br")); }
      e.appendChild(document.createTextNode(line));
    });
    return e;
  }

  /* ---- team: unread messages and their notices ------------------------------------------ */

  var notices = document.querySelector("[data-live-notices]");
  var unread = {};
  $all(document, "[data-notice]").forEach(function (n) { unread[n.dataset.notice] = true; });
  var extraUnread = 0; /* unread messages the page counted but shows no notice for */
  $all(document, "[data-live-unread]").forEach(function (b) {
    extraUnread = Math.max(0, Number(b.textContent) - Object.keys(unread).length);
  });

  function showCount() {
    var n = Object.keys(unread).length + extraUnread;
    $all(document, "[data-live-unread]").forEach(function (b) {
      b.textContent = n;
      b.hidden = n === 0;
    });
  }

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function markRead(ids) {
    if (!notices || !ids.length) { return; }
    var body = new URLSearchParams();
    body.set("ids", ids.join(","));
    fetch(notices.dataset.readUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf() }
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      if (!data) { return; }
      unread = {};
      data.unread.forEach(function (id) { unread[id] = true; });
      $all(document, "[data-notice]").forEach(function (n) {
        if (!unread[n.dataset.notice]) { n.remove(); }
      });
      extraUnread = 0;
      showCount();
    });
  }

  function dropNotice(id) {
    $all(document, '[data-notice="' + id + '"]').forEach(function (n) { n.remove(); });
  }

  function addNotice(m) {
    if (!notices) { return; }
    dropNotice(m.id);
    var n = el("div", "notice notice-new");
    n.setAttribute("role", "status");
    n.dataset.notice = m.id;
    var close = el("button", "notice-close linklike", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Mark as read");
    close.dataset.noticeDismiss = "";
    n.appendChild(close);
    n.appendChild(el("strong", "", (m.kind === "answer" ? "Answer" : "Jury") + " · " + m.subject));
    if (m.edited) { n.appendChild(el("span", "small", " (edited)")); }
    var text = m.text.length > 300 ? m.text.slice(0, 299) + "…" : m.text;
    n.appendChild(el("div", "notice-text", text));
    var link = el("a", "small", "View");
    link.href = notices.dataset.listUrl + "#clar-" + m.id;
    n.appendChild(link);
    notices.insertBefore(n, notices.firstChild);
  }

  if (notices) {
    notices.addEventListener("click", function (e) {
      var button = e.target.closest("[data-notice-dismiss]");
      if (!button) { return; }
      var notice = button.closest("[data-notice]");
      notice.remove();
      delete unread[notice.dataset.notice];
      showCount();
      markRead([notice.dataset.notice]);
    });
  }

  /* ---- team: the clarifications page --------------------------------------------------- */

  function messageItem(m) {
    var li = el("li", "clar clar-" + m.kind + (unread[m.id] ? " clar-unread" : ""));
    li.id = "clar-" + m.id;
    li.dataset.clarificationId = m.id;
    var head = el("div", "clar-head");
    head.appendChild(el("span", "clar-subject", m.subject));
    head.appendChild(document.createTextNode(" "));
    head.appendChild(el("span", "muted small", m.from_label + " → " + m.to_label + " · " + m.time_label));
    if (m.kind === "question") {
      var state = el("span", "clar-state clar-state-" + m.state, m.state_label);
      state.dataset.field = "state_label";
      head.appendChild(document.createTextNode(" "));
      head.appendChild(state);
    }
    if (m.edited) { head.appendChild(el("span", "muted small", " (edited)")); }
    li.appendChild(head);
    if (m.question) { li.appendChild(multiline("blockquote", "clar-question", m.question)); }
    var text = multiline("div", "clar-text", m.text);
    text.dataset.field = "text";
    li.appendChild(text);
    if (m.kind === "question") { li.appendChild(el("ol", "clar-replies")); }
    return li;
  }

  function upsertMessage(m) {
    $all(document, "[data-live-clarifications]").forEach(function (list) {
      var old = list.querySelector('[data-clarification-id="' + m.id + '"]');
      if (m.withdrawn) { if (old) { old.remove(); } return; }
      var li = messageItem(m);
      if (old) {
        var replies = old.querySelector(".clar-replies");
        if (replies && m.kind === "question") { li.replaceChild(replies, li.querySelector(".clar-replies")); }
        old.replaceWith(li);
      } else {
        var parent = m.reply_to && list.querySelector('[data-clarification-id="' + m.reply_to + '"] .clar-replies');
        $all(list, "[data-live-empty]").forEach(function (x) { x.remove(); });
        if (parent) { parent.appendChild(li); } else { list.insertBefore(li, list.firstChild); }
      }
      li.classList.add("live-changed");
    });
  }

  function teamEvent(msg) {
    var m = msg.clarification;
    if (msg.question) { upsertMessage(msg.question); }
    if (msg.kind === "withdrawn") {
      delete unread[m.id];
      dropNotice(m.id);
      upsertMessage(m);
      showCount();
      return;
    }
    if (m.from_team === null) {
      unread[m.id] = true;
      addNotice(m);
      showCount();
    }
    upsertMessage(m);
  }

  function teamSnapshot(msg) {
    unread = {};
    extraUnread = 0;
    (msg.unread || []).forEach(function (id) { unread[id] = true; });
    var byId = {};
    (msg.clarifications || []).forEach(function (m) { byId[m.id] = m; });
    $all(document, "[data-notice]").forEach(function (n) {
      if (!unread[n.dataset.notice]) { n.remove(); }
    });
    (msg.unread || []).slice(0, 5).reverse().forEach(function (id) {
      if (byId[id] && !document.querySelector('[data-notice="' + id + '"]')) { addNotice(byId[id]); }
    });
    if (document.querySelector("[data-live-clarifications]")) {
      (msg.clarifications || []).slice().reverse().forEach(upsertMessage);
    }
    showCount();
  }

  /* ---- jury: the questions waiting, and a question's page ------------------------------ */

  function showUnanswered(n) {
    $all(document, "[data-live-unanswered]").forEach(function (b) {
      b.textContent = n;
      b.hidden = n === 0;
    });
  }

  function questionRow(body, q) {
    var tr = el("tr");
    tr.dataset.clarificationId = q.id;
    tr.dataset.state = q.state;
    var link = el("a", "", "#" + q.id);
    link.href = body.dataset.link.replace("{id}", q.id);
    var cells = [link, q.time_label, q.from_label, q.subject,
      q.text.length > 120 ? q.text.slice(0, 119) + "…" : q.text, q.state_label, q.claimed_by || "–"];
    cells.forEach(function (c, i) {
      var td = el("td", i === 5 ? "clar-state clar-state-" + q.state : "");
      if (typeof c === "string") { td.textContent = c; } else { td.appendChild(c); }
      tr.appendChild(td);
    });
    return tr;
  }

  function upsertQuestion(q) {
    $all(document, "tbody[data-live-questions]").forEach(function (body) {
      var old = body.querySelector('tr[data-clarification-id="' + q.id + '"]');
      var wantState = body.dataset.filterState, wantProblem = body.dataset.filterProblem;
      var fits = (!wantState || wantState === q.state) &&
        (!wantProblem || wantProblem === (q.problem === null ? "general" : String(q.problem)));
      if (!fits) { if (old) { old.remove(); } return; }
      var row = questionRow(body, q);
      if (old) { old.replaceWith(row); } else {
        $all(body, "[data-live-empty]").forEach(function (x) { x.remove(); });
        body.insertBefore(row, body.firstChild);
      }
      row.classList.add("live-changed");
    });
  }

  function refreshThread(ids) {
    $all(document, "[data-live-region=clar-thread][data-question]").forEach(function (region) {
      if (ids.indexOf(region.dataset.question) < 0) { return; }
      fetch(window.location.href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (!html) { return; }
          var fresh = new DOMParser().parseFromString(html, "text/html")
            .querySelector('[data-live-region=clar-thread][data-question="' + region.dataset.question + '"]');
          if (fresh) { region.replaceWith(fresh); }
        });
    });
  }

  function juryEvent(msg) {
    var m = msg.clarification;
    if (typeof msg.unanswered === "number") { showUnanswered(msg.unanswered); }
    if (m.kind === "question") { upsertQuestion(m); }
    if (msg.question) { upsertQuestion(msg.question); }
    refreshThread([String(m.id), String(m.reply_to)]);
  }

  live.on(function (msg) {
    var jury = typeof msg.stream === "string" && msg.stream.indexOf("jury.") === 0;
    if (msg.type === "snapshot") {
      if (jury) {
        if (typeof msg.unanswered === "number") { showUnanswered(msg.unanswered); }
        (msg.clarifications || []).slice().reverse().forEach(upsertQuestion);
      } else if (msg.unread) { teamSnapshot(msg); }
      return;
    }
    if (msg.type !== "clarification") { return; }
    if (jury) { juryEvent(msg); } else { teamEvent(msg); }
  });
})();
