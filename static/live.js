/* Juiz live updates over WebSockets. Pages work without this file: it patches what the server
   rendered. A page opts in with {% live_stream "team" %} (or "jury", "scoreboard"), which renders
   <span data-live-stream data-live-kind data-live-contest data-live-view data-live-version>.
   Markup it patches: rows [data-submission-id] with cells [data-field=status|state|...], new
   rows into tbody[data-live-submissions] (columns from its thead's th[data-field]), counts
   [data-live-count], [data-count] pills, rejudges [data-rejudge-id], reports [data-judgement],
   self-tests [data-selftest], table[data-scoreboard]. Pages add their own reactions with
   JuizLive.on(fn) (static/jury.js and static/clarifications.js do).

   Protocol (docs/live.md): connect with ?since=<version>; the server answers "hello" (nothing
   missed) or "snapshot" (the whole state); then every event of the stream, each with the next
   version. A gap in versions means an event was lost: ask {"type": "resync"} for a snapshot.
   A dropped socket reconnects with exponential backoff and the same ?since. */
"use strict";

(function () {
  if (window.JuizLive) { return; }
  var live = window.JuizLive = { streams: [], connected: false, listeners: [] };
  /* JuizLive.on(fn): fn(msg) after each event is applied, and after a snapshot (the page may
     have missed events: pages with more to update than live.js patches refresh then). */
  live.on = function (fn) { live.listeners.push(fn); };
  function notify(msg) {
    live.listeners.forEach(function (fn) {
      try { fn(msg); } catch (e) { if (window.console) { console.error(e); } }
    });
  }

  function $all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function setText(el, text) {
    text = text === null || text === undefined ? "" : String(text);
    if (el.textContent !== text) { el.textContent = text; }
  }

  function flash(el) {
    el.classList.remove("live-changed");
    void el.offsetWidth; /* restart the animation */
    el.classList.add("live-changed");
  }

  /* ---- submissions (team and jury pages) ---------------------------------------------- */

  function verdictClass(classification) {
    if (!classification) { return "verdict-none"; }
    if (classification === "Accepted") { return "verdict-ok"; }
    if (classification === "Requires Reevaluation") { return "verdict-infra"; }
    return "verdict-bad";
  }

  function replaceClasses(el, prefix, added) {
    Array.prototype.slice.call(el.classList).forEach(function (c) {
      if (c.indexOf(prefix) === 0) { el.classList.remove(c); }
    });
    added.forEach(function (c) { el.classList.add(c); });
  }

  function fillField(cell, s) {
    var key = cell.dataset.field;
    if (key === "status") {
      setText(cell, s.status || "–");
      replaceClasses(cell.closest("td") || cell, "verdict-", [verdictClass(s.classification)]);
    } else if (key === "state") {
      var badge = cell.querySelector(".state") || cell;
      setText(badge, s.final ? "final" : s.state_label.toLowerCase());
      if (badge !== cell) {
        replaceClasses(badge, "state-", ["state-" + s.state, s.final ? "state-final" : "state-pending"]);
      }
    } else if (key === "problem") {
      if (!cell.querySelector(".letter")) {
        var letter = document.createElement("span");
        letter.className = "letter";
        letter.style.background = s.problem_color;
        letter.textContent = s.problem_letter;
        cell.appendChild(letter);
        cell.appendChild(document.createTextNode(" " + s.problem_name));
      }
    } else if (key === "progress") {
      setText(cell, s.tests_total ? s.tests_done + "/" + s.tests_total : "");
    } else if (Object.prototype.hasOwnProperty.call(s, key)) {
      var link = cell.querySelector("a");
      setText(link || cell, s[key]);
    }
  }

  function fillSubmission(row, s) {
    row.dataset.state = s.state;
    if (s.final) { row.removeAttribute("data-waiting"); } else { row.setAttribute("data-waiting", ""); }
    $all(row, "[data-field]").forEach(function (cell) { fillField(cell, s); });
  }

  function newRow(body, s) {
    var table = body.closest("table");
    var row = document.createElement("tr");
    row.dataset.submissionId = s.id;
    $all(table, "thead th").forEach(function (th) {
      var td = document.createElement("td");
      if (th.className) { td.className = th.className; }
      if (th.dataset.field) {
        td.dataset.field = th.dataset.field;
        if (th.dataset.link) {
          var a = document.createElement("a");
          a.href = th.dataset.link.replace("{id}", s.id);
          td.appendChild(a);
        }
        if (th.dataset.field === "state") {
          var badge = document.createElement("span");
          badge.className = "state";
          td.appendChild(badge);
        }
      }
      row.appendChild(td);
    });
    $all(body, "[data-live-empty]").forEach(function (el) { el.remove(); });
    return row;
  }

  function patchSubmission(s, insert) {
    /* data-submission-id; the jury queue's rows carry data-submission (same meaning). */
    var rows = $all(document, '[data-submission-id="' + s.id + '"], tr[data-submission="' + s.id + '"]');
    rows.forEach(function (row) { fillSubmission(row, s); flash(row); });
    if (rows.length || !insert) { return; }
    $all(document, "[data-live-submissions]").forEach(function (body) {
      if (body.dataset.liveTeam && String(s.team) !== body.dataset.liveTeam) { return; }
      var row = newRow(body, s);
      fillSubmission(row, s);
      body.insertBefore(row, body.firstChild);
      flash(row);
    });
  }

  function patchCounts(msg) {
    ["pending", "judging"].forEach(function (key) {
      $all(document, '[data-live-count="' + key + '"]').forEach(function (el) { setText(el, msg[key]); });
    });
    /* The jury queue's per-state pills, when unfiltered ([data-live-counts] marks them):
       <a data-count="pending">Pending <strong>3</strong></a> */
    Object.keys(msg.states || {}).forEach(function (state) {
      $all(document, '[data-live-counts] [data-count="' + state + '"] strong').forEach(function (el) {
        setText(el, msg.states[state]);
      });
    });
  }

  function patchRejudge(msg) {
    $all(document, '[data-rejudge-id="' + msg.rejudge + '"]').forEach(function (el) {
      $all(el, "[data-field=done]").forEach(function (f) { setText(f, msg.done); });
      $all(el, "[data-field=total]").forEach(function (f) { setText(f, msg.total); });
      $all(el, "progress").forEach(function (p) { p.max = msg.total || 1; p.value = msg.done; });
      $all(el, ".bar").forEach(function (b) {
        b.style.width = (msg.total ? Math.floor((100 * msg.done) / msg.total) : 100) + "%";
      });
      if (msg.finished) { el.dataset.finished = "1"; }
      if (msg.state) { el.dataset.state = msg.state; }
    });
  }

  /* A report (judgement) of a submission: rows or cells [data-judgement=N] with
     [data-field=state|classification|tests]; [data-when-done] inside is shown once it is done. */
  function patchJudgement(msg) {
    $all(document, '[data-judgement="' + msg.judgement + '"]').forEach(function (el) {
      el.dataset.state = msg.state;
      $all(el, "[data-field]").forEach(function (cell) {
        var key = cell.dataset.field;
        if (key === "state") { setText(cell, msg.state_label); }
        else if (key === "classification") {
          setText(cell, msg.classification || "–");
          replaceClasses(cell, "verdict-", [verdictClass(msg.classification)]);
        }
        else if (key === "tests") { setText(cell, msg.tests_done + "/" + msg.tests_total); }
      });
      $all(el, "[data-when-done]").forEach(function (x) { x.hidden = msg.state !== "done"; });
      flash(el);
    });
  }

  /* A compiler self-test: [data-selftest=N] with [data-field=state|compiler_version|worker|message|
     finished_at]; the state cell's class is selftest-<state>. */
  function patchSelfTest(msg) {
    $all(document, '[data-selftest="' + msg.selftest + '"]').forEach(function (el) {
      el.dataset.state = msg.state;
      $all(el, "[data-field]").forEach(function (cell) {
        var key = cell.dataset.field;
        if (key === "state") {
          setText(cell, msg.state_label);
          replaceClasses(cell, "selftest-", ["selftest-" + msg.state]);
        }
        else if (key === "finished_at") {
          setText(cell, msg.finished_at ? msg.finished_at.replace("T", " ").slice(0, 19) : "–");
        }
        else if (Object.prototype.hasOwnProperty.call(msg, key)) { setText(cell, msg[key] || "–"); }
      });
      $all(el, "[data-while-running]").forEach(function (x) { x.hidden = msg.finished; });
    });
  }

  /* ---- scoreboard ---------------------------------------------------------------------- */

  var EMPTY_CELL = { css: "sb-cell", time: "", tries: "" };

  /* Problem id -> column index, from the header (cells carry no id: the board stays small). */
  function columns(table) {
    var map = {};
    $all(table, "thead th").forEach(function (th, i) {
      if (th.dataset.problemId) { map[th.dataset.problemId] = i; }
    });
    return map;
  }

  function setCell(td, c) {
    var changed = td.className.replace(" live-changed", "") !== c.css ||
      td.textContent !== c.time + c.tries;
    td.className = c.css;
    if (!c.time && !c.tries) {
      td.textContent = "";
    } else {
      var time = td.querySelector(".sb-time"), tries = td.querySelector(".sb-tries");
      if (!time || !tries) {
        td.textContent = "";
        time = td.appendChild(document.createElement("span"));
        time.className = "sb-time";
        tries = td.appendChild(document.createElement("span"));
        tries.className = "sb-tries";
      }
      setText(time, c.time);
      setText(tries, c.tries);
    }
    if (changed) { flash(td); }
  }

  /* A score board's row (table[data-board=scores]) carries its points instead of solved and
     penalty. */
  function fillBoardRow(tr, r, cols) {
    if (r.points !== undefined) {
      tr.dataset.score = r.score;
      $all(tr, "[data-field=points]").forEach(function (el) { setText(el, r.points); });
    } else {
      tr.dataset.solved = r.solved;
      tr.dataset.penalty = r.penalty;
    }
    tr.dataset.last = r.last;
    $all(tr, "[data-field=solved]").forEach(function (el) { setText(el, r.solved); });
    $all(tr, "[data-field=penalty]").forEach(function (el) { setText(el, r.penalty); });
    var byProblem = {};
    r.cells.forEach(function (c) { byProblem[c.problem] = c; });
    Object.keys(cols).forEach(function (problem) {
      var td = tr.cells[cols[problem]];
      if (td) { setCell(td, byProblem[problem] || EMPTY_CELL); }
    });
  }

  function markFirst(table, first, cols) {
    Object.keys(first).forEach(function (problem) {
      var teams = first[problem].map(String);
      if (cols[problem] === undefined) { return; }
      $all(table, "tbody tr[data-team-id]").forEach(function (tr) {
        var td = tr.cells[cols[problem]];
        var on = teams.indexOf(tr.dataset.teamId) >= 0 && td.classList.contains("sb-solved");
        td.classList.toggle("sb-first", on);
      });
    });
  }

  /* The same order as scoreboard.icpc.rank: solved desc, penalty asc, last accept asc; equal
     keys share a rank; then by name. Ranks are among the rows shown (a category's board).
     A score board (scoreboard.ioi.rank): points desc (to 6 decimals), last improvement asc. */
  function rerank(table) {
    var body = table.tBodies[0];
    var rows = $all(body, "tr[data-team-id]");
    var scores = table.dataset.board === "scores";
    function key(tr) {
      if (scores) { return [-Math.round(Number(tr.dataset.score) * 1e6), Number(tr.dataset.last)]; }
      return [-Number(tr.dataset.solved), Number(tr.dataset.penalty), Number(tr.dataset.last)];
    }
    rows.sort(function (a, b) {
      var ka = key(a), kb = key(b);
      for (var i = 0; i < ka.length; i++) { if (ka[i] !== kb[i]) { return ka[i] - kb[i]; } }
      var na = a.dataset.name, nb = b.dataset.name;
      if (na !== nb) { return na < nb ? -1 : 1; }
      return Number(a.dataset.teamId) - Number(b.dataset.teamId);
    });
    var rank = 0, previous = null;
    rows.forEach(function (tr, i) {
      var k = key(tr).join(",");
      if (k !== previous) { rank = i + 1; previous = k; }
      $all(tr, "[data-field=rank]").forEach(function (el) { setText(el, rank); });
      body.appendChild(tr);
    });
  }

  function patchBoard(rows, first) {
    $all(document, "table[data-scoreboard]").forEach(function (table) {
      var cols = columns(table);
      rows.forEach(function (r) {
        var tr = table.querySelector('tbody tr[data-team-id="' + r.team + '"]');
        if (tr) { fillBoardRow(tr, r, cols); }
      });
      if (first && table.dataset.board !== "scores") { markFirst(table, first, cols); }
      rerank(table);
    });
  }

  /* ---- the contest's times (every page's clock) ------------------------------------------ */

  /* The jury moved the start, the end or the freeze: countdowns take the new times (juiz.js
     ticks them, and reloads at zero as before) and shown dates the new text; a page rendered
     in another phase than the server's now (a finished contest extended, a start postponed)
     reloads to show that phase. */
  function shownDate(iso, tz) { return iso.slice(0, 10) + " " + iso.slice(11, 16) + (tz ? " " + tz : ""); }

  function patchContest(c) {
    var stale = $all(document, "[data-contest-phase]").some(function (el) {
      return el.dataset.contestPhase !== c.phase;
    });
    if (stale) { setTimeout(function () { window.location.reload(); }, 300); return; }
    $all(document, "[data-contest-time]").forEach(function (el) {
      var when = c[el.dataset.contestTime];
      if (when && el.dataset.countdown !== when) { el.dataset.countdown = when; flash(el); }
    });
    $all(document, "[data-contest-date]").forEach(function (el) {
      var when = c[el.dataset.contestDate];
      if (when) { setText(el, shownDate(when, el.dataset.tz)); }
    });
    $all(document, "[data-contest-shown]").forEach(function (el) {
      el.hidden = !c[el.dataset.contestShown];
    });
  }

  /* ---- the stream ---------------------------------------------------------------------- */

  function apply(msg) {
    if (msg.type === "submission") {
      patchSubmission(msg.submission, msg.kind === "created");
      if (msg.counts) { patchCounts(msg.counts); }
    }
    else if (msg.type === "rejudge") { patchRejudge(msg); }
    else if (msg.type === "judgement") { patchJudgement(msg); }
    else if (msg.type === "selftest") { patchSelfTest(msg); }
    else if (msg.type === "scoreboard") { patchBoard(msg.rows, msg.first); }
    else if (msg.type === "contest") { patchContest(msg.contest); }
  }

  function applySnapshot(msg) {
    if (msg.submissions) {
      msg.submissions.slice().reverse().forEach(function (s) { patchSubmission(s, true); });
    }
    if (msg.counts) { patchCounts(msg.counts); }
    (msg.rejudges || []).forEach(patchRejudge);
    if (msg.board) { patchBoard(msg.board.rows, null); }
    if (msg.contest) { patchContest(msg.contest); }
  }

  function status(text, state) {
    $all(document, "[data-live-status]").forEach(function (el) {
      setText(el, text);
      el.dataset.liveState = state;
    });
  }

  function Stream(el) {
    this.kind = el.dataset.liveKind;
    this.contest = el.dataset.liveContest;
    this.view = el.dataset.liveView || "";
    /* The version the page was rendered at; none when the page cannot vouch for one: then the
       server starts with a snapshot. */
    this.version = el.dataset.liveVersion === "" ? null : Number(el.dataset.liveVersion);
    this.attempts = 0;
    this.socket = null;
    this.connect();
  }

  Stream.prototype.url = function () {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var query = "?contest=" + encodeURIComponent(this.contest);
    if (this.version !== null) { query += "&since=" + this.version; }
    if (this.view) { query += "&view=" + encodeURIComponent(this.view); }
    return scheme + window.location.host + "/ws/" + this.kind + "/" + query;
  };

  Stream.prototype.connect = function () {
    var self = this;
    var socket = this.socket = new WebSocket(this.url());
    socket.onopen = function () {
      self.attempts = 0;
      live.connected = true;
      status("● live", "open");
      /* The page's fallback poller (juiz.js data-poll) is not needed while live: it stops at
         its next turn when its data-poll-while selector matches nothing. */
      $all(document, "[data-poll][data-live-submissions], [data-poll] [data-live-submissions]")
        .forEach(function (el) {
          var poller = el.matches("[data-poll]") ? el : el.closest("[data-poll]");
          poller.dataset.pollWhile = "[data-live-no-poll]";
        });
    };
    socket.onmessage = function (e) { self.receive(JSON.parse(e.data)); };
    socket.onclose = function () {
      live.connected = false;
      status("reconnecting…", "closed");
      /* 0.5 s, 1 s, 2 s ... up to 30 s, with jitter so that a restarted server is not hit by
         every client at the same instant. */
      var delay = Math.min(30000, 500 * Math.pow(2, self.attempts)) * (0.5 + Math.random() / 2);
      self.attempts += 1;
      setTimeout(function () { self.connect(); }, delay);
    };
  };

  Stream.prototype.receive = function (msg) {
    if (msg.type === "hello") { this.version = msg.version; this.resyncing = false; return; }
    if (msg.type === "snapshot") {
      applySnapshot(msg);
      this.version = msg.version;
      this.resyncing = false;
      notify(msg);
      return;
    }
    if (this.version === null || typeof msg.version !== "number" || msg.version <= this.version) {
      return;
    }
    if (msg.version > this.version + 1) {
      /* Something between our version and this one was lost: the snapshot covers it. */
      if (!this.resyncing) {
        this.resyncing = true;
        this.socket.send(JSON.stringify({ type: "resync", version: this.version }));
      }
      return;
    }
    this.version = msg.version;
    apply(msg);
    notify(msg);
    if (live.onevent) { live.onevent(msg); }
  };

  /* The few styles of the live cues travel with this file: pages need no extra stylesheet. */
  function addStyles() {
    var style = document.createElement("style");
    style.textContent =
      ".live-status[data-live-state=open]{color:#1a7f37}" +
      ".live-status[data-live-state=closed]{color:#8a5a00}" +
      "@keyframes live-flash{from{box-shadow:inset 0 0 0 2px #f0b400}to{box-shadow:none}}" +
      ".live-changed{animation:live-flash 1.5s ease-out}";
    document.head.appendChild(style);
  }

  function start() {
    addStyles();
    $all(document, "[data-live-stream]").forEach(function (el) {
      if (el.dataset.liveStarted) { return; }
      el.dataset.liveStarted = "1";
      live.streams.push(new Stream(el));
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); }
  else { start(); }
})();
