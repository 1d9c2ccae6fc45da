// The jury's statistics page: each chart reads its data set from /jury/statistics/<name>.json
// (judge/selectors/statistics.py) and is drawn by the vendored Chart.js; the attempts heat
// map is a table (Chart.js has no matrix chart), coloured by tries and solved.
"use strict";

(function () {
  const root = document.querySelector("[data-statistics]");
  if (!root || typeof Chart === "undefined") return;
  const charts = {};

  const COLOURS = {
    "Accepted": "#2e9d4c",
    "Wrong Answer": "#d9534f",
    "Time Limit Exceeded": "#f0ad4e",
    "Runtime Error": "#8e44ad",
    "Compile Time Error": "#7f8c8d",
    "Presentation Error": "#e67e22",
    "Memory Limit Exceeded": "#c0392b",
    "Output Limit Exceeded": "#16a085",
    "Pending": "#bdc3c7",
  };
  const SPARE = ["#3366cc", "#dc3912", "#990099", "#0099c6", "#dd4477", "#66aa00", "#b82e2e"];
  function colour(verdict, i) { return COLOURS[verdict] || SPARE[i % SPARE.length]; }

  function load(name) {
    return fetch(root.dataset.url.replace("NAME", name), { credentials: "same-origin" })
      .then((r) => { if (!r.ok) throw new Error(name + ": HTTP " + r.status); return r.json(); })
      .then((body) => body.data);
  }

  function draw(key, config) {
    const canvas = root.querySelector(`[data-chart="${key}"]`);
    if (charts[key]) charts[key].destroy();
    config.options = Object.assign({ animation: false, responsive: true }, config.options || {});
    charts[key] = new Chart(canvas, config);
    canvas.dataset.drawn = "1";
  }

  function stacked(extra) {
    return Object.assign({ scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } }, extra);
  }

  function submissions(data) {
    const select = root.querySelector("[data-stats-problem]");
    for (const p of data.problems) select.add(new Option(p, p));
    const labels = data.starts.map((s) => `${s}–${s + data.bucket} min`);
    function render() {
      const chosen = select.value ? [select.value] : Object.keys(data.counts);
      const datasets = data.verdicts.map((v, i) => ({
        label: v,
        backgroundColor: colour(v, i),
        data: data.starts.map((_, b) =>
          chosen.reduce((sum, p) => sum + (((data.counts[p] || {})[v] || [])[b] || 0), 0)),
      }));
      draw("submissions", { type: "bar", data: { labels, datasets }, options: stacked() });
    }
    select.addEventListener("change", render);
    render();
  }

  function mix(key, table, verdicts) {
    const labels = Object.keys(table);
    const datasets = verdicts.map((v, i) => ({
      label: v, backgroundColor: colour(v, i), data: labels.map((l) => table[l][v] || 0),
    }));
    draw(key, { type: "bar", data: { labels, datasets }, options: stacked({ indexAxis: "y" }) });
  }

  function verdicts(data) {
    mix("verdicts-problem", data.by_problem, data.verdicts);
    mix("verdicts-language", data.by_language, data.verdicts);
  }

  function firstAccepts(data) {
    const labels = data.problems.map((p) => `${p.problem} (${p.solved} solved)`);
    draw("first-accepts", {
      type: "bar",
      data: {
        labels,
        datasets: [
          { label: "First accept (min)", backgroundColor: "#2e9d4c", data: data.problems.map((p) => p.first) },
          { label: "Median first accept of the solvers (min)", backgroundColor: "#7fc98f", data: data.problems.map((p) => p.median) },
        ],
      },
      options: { scales: { y: { beginAtZero: true, title: { display: true, text: "contest minute" } } } },
    });
  }

  function judging(data) {
    const labels = data.starts.map((s) => `${s + data.bucket} min`);
    draw("judging", {
      type: "line",
      data: {
        labels,
        datasets: [
          { label: "Waiting for a worker", data: data.queued, borderColor: "#3366cc", yAxisID: "queue", stepped: true },
          { label: "Mean judging time (s)", data: data.judging_s, borderColor: "#f0ad4e", yAxisID: "time", spanGaps: true },
          { label: "Longest judging time (s)", data: data.judging_max_s, borderColor: "#d9534f", yAxisID: "time", spanGaps: true },
        ],
      },
      options: {
        scales: {
          queue: { position: "left", beginAtZero: true, title: { display: true, text: "judgements" } },
          time: { position: "right", beginAtZero: true, title: { display: true, text: "seconds" }, grid: { drawOnChartArea: false } },
        },
      },
    });
  }

  function heatmap(data) {
    const host = root.querySelector("[data-heatmap]");
    const table = document.createElement("table");
    table.className = "heatmap";
    const head = table.createTHead().insertRow();
    head.appendChild(document.createElement("th")).textContent = "Team";
    for (const p of data.problems) head.appendChild(document.createElement("th")).textContent = p;
    const body = table.createTBody();
    for (const team of data.teams) {
      const row = body.insertRow();
      row.appendChild(document.createElement("th")).textContent = team;
      for (const p of data.problems) {
        const cell = row.insertCell();
        const found = (data.cells[team] || {})[p];
        if (!found) continue;
        const depth = 0.25 + 0.75 * (found.tries / Math.max(data.most, 1));
        const hue = found.solved_at === null ? "217, 83, 79" : "46, 157, 76";
        cell.style.backgroundColor = `rgba(${hue}, ${depth.toFixed(2)})`;
        cell.textContent = found.solved_at === null ? `${found.tries}` : `${found.tries} · ${found.solved_at}m`;
        cell.dataset.tries = found.tries;
        cell.title = `${team}, ${p}: ${found.tries} submission(s)` +
          (found.solved_at === null ? "" : `, solved at minute ${found.solved_at}`);
      }
    }
    host.replaceChildren(table);
  }

  const steps = [
    ["submissions", submissions], ["verdicts", verdicts], ["first-accepts", firstAccepts],
    ["judging", judging], ["attempts", heatmap],
  ];
  Promise.all(steps.map(([name, show]) => load(name).then(show))).catch((error) => {
    const box = root.querySelector("[data-stats-error]");
    box.textContent = `Statistics not loaded: ${error.message}`;
    box.hidden = false;
  }).finally(() => { root.dataset.ready = "1"; });
})();
