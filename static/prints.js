/* The printout queue, live (docs/live.md): reacts to "printout" events and snapshots of the
   prints stream through JuizLive.on (static/live.js).

   tbody[data-live-prints] holds rows tr[data-print-id] with the markup of
   templates/jury/_print_row.html, oldest first. An event carries one printout as it now is: its
   row is replaced, or appended when new. */
"use strict";

(function () {
  var live = window.JuizLive;
  var body = document.querySelector("tbody[data-live-prints]");
  if (!live || !body || live.printsStarted) { return; }
  live.printsStarted = true;

  var csrf = document.querySelector("[data-print-csrf] [name=csrfmiddlewaretoken]");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function url(template, id) { return template.replace("/0/", "/" + id + "/"); }

  function form(template, id, label, attr) {
    var f = el("form", "inline");
    f.method = "post";
    f.action = url(template, id);
    if (csrf) { f.appendChild(csrf.cloneNode()); }
    var button = el("button", attr ? "" : "link", label);
    button.type = "submit";
    if (attr) { button.setAttribute(attr, ""); }
    f.appendChild(button);
    return f;
  }

  function cell(field, text) {
    var td = el("td", "", text);
    td.dataset.field = field;
    return td;
  }

  function row(p) {
    var tr = el("tr", "printout" + (p.delivered ? " delivered" : ""));
    tr.dataset.printId = p.id;
    var file = cell("file", p.file_name);
    if (p.language) {
      file.appendChild(document.createTextNode(" "));
      file.appendChild(el("span", "muted small", p.language));
    }
    var print = cell("print");
    var link = el("a", "", "PDF");
    link.href = url(body.dataset.pdfUrl, p.id);
    link.setAttribute("data-pdf", "");
    print.appendChild(link);
    if (body.dataset.command) {
      print.appendChild(document.createTextNode(" "));
      print.appendChild(form(body.dataset.printUrl, p.id, "Print", "data-print"));
    }
    if (p.printed_at) {
      print.appendChild(document.createTextNode(" "));
      print.appendChild(el("span", "muted small", "printed " + p.printed_at + " by " + p.printed_by));
    }
    var delivery = cell("delivery");
    if (p.delivered) {
      delivery.appendChild(el("span", "balloon-done", "Delivered by " + p.delivered_by + " at " + p.delivered_at));
      delivery.appendChild(document.createTextNode(" "));
      delivery.appendChild(form(body.dataset.undeliverUrl, p.id, "Undo"));
    } else {
      delivery.appendChild(form(body.dataset.deliverUrl, p.id, "Delivered", "data-deliver"));
    }
    [cell("time", p.time), cell("team", p.team_name), cell("location", p.location || "–"),
      file, cell("size", p.size_label), print, delivery].forEach(function (td) { tr.appendChild(td); });
    return tr;
  }

  function place(p) {
    var old = body.querySelector('tr[data-print-id="' + p.id + '"]');
    var fresh = row(p);
    if (old) {
      /* An unchanged row stays: a runner's pointer or focus is not disturbed. */
      if (old.innerHTML === fresh.innerHTML && old.className === fresh.className) { return; }
      body.replaceChild(fresh, old);
    } else {
      var later = Array.prototype.filter.call(body.querySelectorAll("tr[data-print-id]"), function (tr) {
        return Number(tr.dataset.printId) > p.id;
      })[0];
      body.insertBefore(fresh, later || null);
      Array.prototype.forEach.call(body.querySelectorAll("[data-live-empty]"), function (e) { e.remove(); });
    }
    fresh.classList.add("live-changed");
  }

  live.on(function (msg) {
    if (!msg.stream || msg.stream.indexOf("prints.") !== 0) { return; }
    if (msg.type === "snapshot" && msg.printouts) {
      var ids = {};
      msg.printouts.forEach(function (p) { ids[p.id] = true; });
      Array.prototype.forEach.call(body.querySelectorAll("tr[data-print-id]"), function (tr) {
        if (!ids[tr.dataset.printId]) { tr.remove(); }
      });
      msg.printouts.forEach(place);
    } else if (msg.type === "printout") {
      place(msg.printout);
    }
  });
})();
