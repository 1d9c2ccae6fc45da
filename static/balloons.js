/* The balloon list, live (docs/live.md): reacts to "balloon" events and snapshots of the
   balloons stream through JuizLive.on (static/live.js).

   tbody[data-live-balloons] holds rows tr[data-balloon-id][data-team][data-problem][data-order]
   with the markup of templates/jury/_balloon_row.html. An event names a team and a problem and
   carries every balloon of either as it now is: rows of that team or problem missing from it
   are dropped, the others replaced or inserted in contest order. With data-show="undelivered"
   delivered balloons leave the list. */
"use strict";

(function () {
  var live = window.JuizLive;
  var body = document.querySelector("tbody[data-live-balloons]");
  if (!live || !body || live.balloonsStarted) { return; }
  live.balloonsStarted = true;

  function $all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function dot(hex, letter, title) {
    var d = el("span", "balloon-dot", letter);
    d.style.background = hex;
    if (title) { d.title = title; }
    return d;
  }

  var csrf = document.querySelector("[data-balloon-csrf] [name=csrfmiddlewaretoken]");

  function form(url, id, label, attr) {
    var f = el("form", "inline");
    f.method = "post";
    f.action = url.replace("/0/", "/" + id + "/");
    if (csrf) { f.appendChild(csrf.cloneNode()); }
    var show = el("input");
    show.type = "hidden"; show.name = "show"; show.value = body.dataset.show || "";
    f.appendChild(show);
    var button = el("button", attr ? "" : "link", label);
    button.type = "submit";
    if (attr) { button.setAttribute(attr, ""); }
    f.appendChild(button);
    return f;
  }

  function cell(field) { var td = el("td"); td.dataset.field = field; return td; }

  function row(b) {
    var tr = el("tr", "balloon" + (b.delivered ? " delivered" : ""));
    tr.dataset.balloonId = b.id;
    tr.dataset.team = b.team;
    tr.dataset.problem = b.problem;
    tr.dataset.order = b.order;

    var time = cell("time");
    time.appendChild(document.createTextNode(b.contest_time + " "));
    time.appendChild(el("span", "muted small", b.time));
    var team = cell("team");
    if (b.logo) {
      var logo = el("img", "sb-logo");
      logo.src = b.logo;
      logo.alt = "";
      team.appendChild(logo);
      team.appendChild(document.createTextNode(" "));
    }
    team.appendChild(document.createTextNode(b.team_name));
    if (b.affiliation) {
      team.appendChild(document.createTextNode(" "));
      team.appendChild(el("span", "muted small", b.affiliation));
    }
    if (b.country) {
      team.appendChild(document.createTextNode(" "));
      var country = el("abbr", "sb-country", b.country);
      country.title = "Country";
      team.appendChild(country);
    }
    var location = cell("location");
    location.textContent = b.location || "–";
    var balloon = cell("balloon");
    balloon.appendChild(dot(b.colour_hex, ""));
    balloon.appendChild(document.createTextNode(" "));
    balloon.appendChild(el("strong", "", b.problem_letter));
    balloon.appendChild(document.createTextNode(" " + (b.colour || b.colour_hex)));
    if (b.first) {
      balloon.appendChild(document.createTextNode(" "));
      balloon.appendChild(el("span", "badge balloon-first", "First to solve"));
    }
    var taken = cell("taken");
    b.taken.forEach(function (t) {
      taken.appendChild(dot(t.colour_hex, t.problem_letter, t.problem_letter + " " + t.colour));
    });
    if (!b.taken.length) { taken.appendChild(el("span", "muted", "none")); }
    var delivery = cell("delivery");
    if (b.delivered) {
      delivery.appendChild(el("span", "balloon-done", "Delivered by " + b.delivered_by + " at " + b.delivered_at));
      if (b.revoked) {
        delivery.appendChild(document.createTextNode(" "));
        delivery.appendChild(el("span", "badge balloon-revoked", "verdict changed since"));
      }
      delivery.appendChild(document.createTextNode(" "));
      delivery.appendChild(form(body.dataset.undeliverUrl, b.id, "Undo"));
    } else {
      delivery.appendChild(form(body.dataset.deliverUrl, b.id, "Delivered", "data-deliver"));
    }
    [time, team, location, balloon, taken, delivery].forEach(function (td) { tr.appendChild(td); });
    return tr;
  }

  function before(a, order, id) {
    var o = Number(a.dataset.order);
    return o > order || (o === order && Number(a.dataset.balloonId) > id);
  }

  function place(b) {
    var old = body.querySelector('tr[data-balloon-id="' + b.id + '"]');
    if (body.dataset.show === "undelivered" && b.delivered) {
      if (old) { old.remove(); }
      return;
    }
    var fresh = row(b);
    if (old) {
      /* Unchanged rows stay as they are: a runner's pointer or focus is not disturbed. */
      if (old.innerHTML === fresh.innerHTML && old.className === fresh.className) { return; }
      old.remove();
    }
    var next = $all(body, "tr[data-balloon-id]").filter(function (tr) {
      return before(tr, b.order, b.id);
    })[0];
    body.insertBefore(fresh, next || null);
    $all(body, "[data-live-empty]").forEach(function (e) { e.remove(); });
    fresh.classList.add("live-changed");
  }

  function keep(ids, test) {
    $all(body, "tr[data-balloon-id]").forEach(function (tr) {
      if (test(tr) && !ids[tr.dataset.balloonId]) { tr.remove(); }
    });
  }

  function idsOf(list) {
    var ids = {};
    list.forEach(function (b) { ids[b.id] = true; });
    return ids;
  }

  live.on(function (msg) {
    if (!msg.stream || msg.stream.indexOf("balloons.") !== 0) { return; }
    if (msg.type === "snapshot" && msg.balloons) {
      keep(idsOf(msg.balloons), function () { return true; });
      msg.balloons.forEach(place);
    } else if (msg.type === "balloon") {
      var team = String(msg.team), problem = String(msg.problem);
      keep(idsOf(msg.balloons), function (tr) {
        return tr.dataset.team === team || tr.dataset.problem === problem;
      });
      msg.balloons.forEach(place);
    }
  });
})();
