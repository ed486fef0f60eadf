// knot's search view: draws a trace document (format knot-trace/1, see the book's "Search traces"
// page) with a slider over its steps. Shared by the playground (web/) and the pages
// `knot query --trace-html` writes (inlined there). No dependencies, no network.
(function (global) {
  'use strict';
  var FILL = {
    open: '#fff3b0', called: '#d8ecff', provisional: '#ffd59e', final: '#b9f0b9',
    complete: '#b9f0b9', failed: '#e4e4e4', hidden: '#fff'
  };
  var EDGE = {
    'new': '#888', complete: '#aaa', incomplete: '#36c', 'cycle-inductive': '#c00',
    'cycle-coinductive': '#080', provisional: '#e80', negation: '#909', 'same-goal': '#c00'
  };
  var SVGNS = 'http://www.w3.org/2000/svg';

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sv(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function clip(s, n) { return s.length > n ? s.slice(0, n - 1) + '\u2026' : s; }

  // Positions: the first-call tree (parent = the goal whose call first met it) drawn as an outline,
  // one row per node in depth-first order, indented by depth; other calls are drawn as arcs.
  function layout(nodes) {
    var kids = nodes.map(function () { return []; });
    var roots = [];
    nodes.forEach(function (n) {
      if (n.parent === null || n.parent === undefined) roots.push(n.id); else kids[n.parent].push(n.id);
    });
    var row = nodes.map(function () { return 0; }), depth = nodes.map(function () { return 0; });
    var next = 0;
    roots.forEach(function (r) {
      var stack = [r];
      while (stack.length) {
        var v = stack.pop();
        row[v] = next++;
        for (var k = kids[v].length - 1; k >= 0; k--) {
          depth[kids[v][k]] = depth[v] + 1;
          stack.push(kids[v][k]);
        }
      }
    });
    return { row: row, depth: depth, rows: Math.max(next, 1), kids: kids };
  }

  // Nodes whose evaluation opened after `head`'s (so during it: the frames are a stack) with status
  // `from` get status `to`.
  function after(head, st, from, to) {
    var since = st[head].opened;
    st.forEach(function (n) { if (n.opened > since && n.status === from) n.status = to; });
  }

  // The state after steps 0..s: each node's status and answers so far, the edges met.
  function replay(t, s) {
    var st = t.nodes.map(function () { return { seen: false, status: 'hidden', answers: [], opened: -1 }; });
    var edges = {}, rounds = [];
    for (var i = 0; i <= s && i < t.steps.length; i++) {
      var e = t.steps[i];
      switch (e.kind) {
        case 'call':
          if (!st[e.node].seen) { st[e.node].seen = true; st[e.node].status = e.link === 'complete' ? 'complete' : 'open'; }
          if (e.from !== null && e.from !== undefined) edges[e.from + '>' + e.node + '>' + e.link] = [e.from, e.node, e.link];
          break;
        case 'open': st[e.node].seen = true; st[e.node].status = 'open'; st[e.node].answers = []; st[e.node].opened = i; break;
        case 'resolve':
          st[e.node].seen = true; st[e.node].status = 'called';
          if (e.from !== null && e.from !== undefined) edges[e.from + '>' + e.node + '>new'] = [e.from, e.node, 'new'];
          if (e.again !== null && e.again !== undefined) edges[e.node + '>' + e.again + '>same-goal'] = [e.node, e.again, 'same-goal'];
          break;
        case 'answer': st[e.node].seen = true; if (e.answer) st[e.node].answers.push(e.answer); break;
        case 'round':
          rounds.push(e); st[e.node].answers = [];
          // The provisional results of this round are discarded: the head is evaluated again.
          after(e.node, st, 'provisional', 'open');
          break;
        case 'done':
          st[e.node].seen = true; st[e.node].status = e.status; st[e.node].answers = (e.result || []).slice();
          // A head that finishes for good makes the provisional results of its evaluation final.
          if (e.status === 'final') after(e.node, st, 'provisional', 'final');
          break;
        case 'complete': e.nodes.forEach(function (n) { st[n].seen = true; st[n].status = 'complete'; }); break;
      }
    }
    return { nodes: st, edges: edges, rounds: rounds };
  }

  function describe(t, e) {
    if (!e) return 'before the first step';
    var g = function (i) { return i === null || i === undefined ? 'the query' : '#' + i + ' ' + t.nodes[i].goal; };
    switch (e.kind) {
      case 'call': return g(e.from) + ' calls #' + e.node + ' (' + e.link + ')' + (e.link === 'new' ? ': ' + t.nodes[e.node].goal : '');
      case 'open': return 'evaluating #' + e.node + ' ' + t.nodes[e.node].goal;
      case 'resolve': return 'resolving ' + g(e.node) + ' at depth ' + e.depth + (e.again !== null && e.again !== undefined ? ' (the same goal as #' + e.again + ': a cycle sld does not see)' : '');
      case 'answer': return '#' + e.node + ' answer: ' + (e.answer || '');
      case 'round': return 'cycle head #' + e.node + ' round ' + e.round + ' (' + e.assumption + ' assumption) gave [' + (e.result || []).join('; ') + ']: evaluate again';
      case 'done': return '#' + e.node + ' finished (' + e.status + '): [' + (e.result || []).join('; ') + ']';
      case 'complete': return 'tables ' + e.nodes.map(function (n) { return '#' + n; }).join(', ') + ' complete';
      case 'rerun': return 'the query runs again with refined coinductive assumptions (run ' + e.run + ')';
    }
    return e.kind;
  }

  function render(container, t) {
    container.innerHTML = '';
    var root = el('div', { 'class': 'kt' });
    container.appendChild(root);
    var head = el('div', { 'class': 'kt-head' });
    head.appendChild(el('b', {}, 'strategy ' + t.strategy + ': '));
    head.appendChild(el('code', {}, t.goal));
    head.appendChild(document.createTextNode(' \u2192 '));
    head.appendChild(el('code', { 'class': 'kt-answer' }, t.answer.text));
    if (t.answer.chalk) head.appendChild(el('span', {}, ' (chalk: ' + t.answer.chalk + ')'));
    var counts = t.nodes.length + (t.strategy === 'sld' ? ' resolutions' : t.strategy === 'recursive' ? ' search-graph nodes' : ' tables') +
      ', ' + t.steps.length + ' steps, ' + t.cycles.length + ' cycle(s)';
    head.appendChild(el('div', {}, counts));
    if (t.dropped) head.appendChild(el('div', { 'class': 'kt-note' }, 'The trace keeps the first ' + t.steps.length + ' events; ' + t.dropped + ' later ones are not shown.'));
    root.appendChild(head);

    var controls = el('div', { 'class': 'kt-controls' });
    var first = el('button', { type: 'button', title: 'first step' }, '\u00ab');
    var prev = el('button', { type: 'button', title: 'previous step' }, '\u25c0');
    var next = el('button', { type: 'button', title: 'next step' }, '\u25b6');
    var last = el('button', { type: 'button', title: 'last step' }, '\u00bb');
    var slider = el('input', { type: 'range', min: '0', max: String(Math.max(t.steps.length - 1, 0)), value: String(Math.max(t.steps.length - 1, 0)), 'aria-label': 'step' });
    var label = el('span', { 'class': 'kt-count' });
    [first, prev, slider, next, last, label].forEach(function (c) { controls.appendChild(c); });
    root.appendChild(controls);
    var stepText = el('div', { 'class': 'kt-step' });
    root.appendChild(stepText);
    var legend = el('div', { 'class': 'kt-legend' });
    [['open', 'open'], ['final', 'final / complete'], ['provisional', 'provisional'], ['called', 'sld call']].forEach(function (p) {
      var s = el('span', {}, p[1]); s.style.background = FILL[p[0]]; legend.appendChild(s);
    });
    [['cycle-inductive', 'inductive cycle'], ['cycle-coinductive', 'coinductive cycle'], ['incomplete', 'waits on'], ['complete', 'reuses']].forEach(function (p) {
      var s = el('span', {}, '\u2192 ' + p[1]); s.style.color = EDGE[p[0]]; legend.appendChild(s);
    });
    root.appendChild(legend);

    var main = el('div', { 'class': 'kt-main' });
    var graph = el('div', { 'class': 'kt-graph' });
    var side = el('div', { 'class': 'kt-side' });
    main.appendChild(graph); main.appendChild(side);
    root.appendChild(main);

    var L = layout(t.nodes);
    var big = t.nodes.length > 300;
    var W = 330, H = 20, IND = big ? 6 : 18, GY = 26, CH = 50;
    var maxDepth = 0; L.depth.forEach(function (d) { if (d > maxDepth) maxDepth = d; });
    var svgW = Math.min(maxDepth, 40) * IND + W + 260, svgH = L.rows * GY + 20;
    var svg = sv('svg', { width: svgW, height: svgH, viewBox: '0 0 ' + svgW + ' ' + svgH, 'class': 'kt-svg' });
    graph.appendChild(svg);
    var defs = sv('defs');
    Object.keys(EDGE).forEach(function (k) {
      var m = sv('marker', { id: 'kt-arrow-' + k, viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '6', markerHeight: '6', orient: 'auto-start-reverse' });
      m.appendChild(sv('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: EDGE[k] }));
      defs.appendChild(m);
    });
    svg.appendChild(defs);
    // Indentation stops at depth 40 (a diverging sld branch is thousands deep): deeper rows line up.
    var pos = function (i) { return { x: 10 + Math.min(L.depth[i], 40) * IND, y: 10 + L.row[i] * GY }; };
    var edgeLayer = sv('g'), nodeLayer = sv('g');
    svg.appendChild(edgeLayer); svg.appendChild(nodeLayer);
    var inCycle = t.nodes.map(function () { return null; });
    t.cycles.forEach(function (c) { c.nodes.forEach(function (n) { inCycle[n] = c.coinductive ? 'co' : 'ind'; }); });
    var rects = [], texts = [];
    t.nodes.forEach(function (n, i) {
      var p = pos(i);
      var g = sv('g');
      var r = sv('rect', { x: p.x, y: p.y, width: W, height: H, rx: 4, 'class': 'kt-node' + (inCycle[i] ? ' kt-cyc-' + inCycle[i] : '') });
      var title = sv('title'); title.textContent = '#' + i + ' ' + n.goal + (n.coinductive ? ' (coinductive)' : '');
      r.appendChild(title);
      var tx = sv('text', { x: p.x + 4, y: p.y + 15 });
      tx.textContent = clip('#' + i + ' ' + n.goal, CH);
      g.appendChild(r); g.appendChild(tx);
      r.addEventListener('click', function () { selected = i; show(cur); });
      nodeLayer.appendChild(g);
      rects.push(r); texts.push(g);
    });
    var nowMark = sv('rect', { 'class': 'kt-now', width: W + 6, height: H + 6, visibility: 'hidden' });
    svg.appendChild(nowMark);
    var selected = null, cur = t.steps.length - 1;

    function edgePath(a, b, link) {
      var p = pos(a), q = pos(b);
      if (link === 'new' && L.depth[b] === L.depth[a] + 1 && t.nodes[b].parent === a) {
        // The tree edge: down the parent's left side, then right into the child.
        var x = p.x + 6;
        return 'M' + x + ' ' + (p.y + H) + ' L' + x + ' ' + (q.y + H / 2) + ' L' + q.x + ' ' + (q.y + H / 2);
      }
      // Any other call: an arc out of the right side of the caller into the right side of the callee.
      var xa = p.x + W, ya = p.y + H / 2, xb = q.x + W, yb = q.y + H / 2;
      var bend = 20 + Math.min(200, Math.abs(ya - yb) / 3);
      return 'M' + xa + ' ' + ya + ' C' + (xa + bend) + ' ' + ya + ', ' + (xb + bend) + ' ' + yb + ', ' + xb + ' ' + yb;
    }

    function show(s) {
      cur = s;
      slider.value = String(Math.max(s, 0));
      label.textContent = 'step ' + (t.steps.length ? s + 1 : 0) + ' / ' + t.steps.length;
      var R = replay(t, s);
      stepText.textContent = describe(t, t.steps[s]);
      R.nodes.forEach(function (n, i) {
        texts[i].setAttribute('visibility', n.seen ? 'visible' : 'hidden');
        var status = n.status;
        if ((status === 'complete' || status === 'final') && n.answers.length === 0) status = 'failed';
        rects[i].setAttribute('fill', FILL[status] || '#fff');
        rects[i].classList.toggle('kt-sel', selected === i);
      });
      while (edgeLayer.firstChild) edgeLayer.removeChild(edgeLayer.firstChild);
      Object.keys(R.edges).forEach(function (k) {
        var e = R.edges[k];
        var dashed = /cycle|same-goal|negation/.test(e[2]);
        edgeLayer.appendChild(sv('path', {
          d: edgePath(e[0], e[1], e[2]), fill: 'none', stroke: EDGE[e[2]] || '#888', 'stroke-width': dashed ? 2 : 1.2,
          'stroke-opacity': e[2] === 'complete' ? 0.3 : 1,
          'stroke-dasharray': dashed ? '5 3' : '', 'marker-end': 'url(#kt-arrow-' + e[2] + ')'
        }));
      });
      var e = t.steps[s], focus = e ? (e.node !== undefined ? e.node : (e.nodes ? e.nodes[0] : null)) : null;
      if (focus !== null && focus !== undefined) {
        var p = pos(focus);
        nowMark.setAttribute('x', p.x - 3); nowMark.setAttribute('y', p.y - 3); nowMark.setAttribute('visibility', 'visible');
        if (p.y < graph.scrollTop || p.y > graph.scrollTop + graph.clientHeight - 30) graph.scrollTop = Math.max(0, p.y - 60);
        if (p.x < graph.scrollLeft || p.x > graph.scrollLeft + graph.clientWidth - 100) graph.scrollLeft = Math.max(0, p.x - 40);
      } else nowMark.setAttribute('visibility', 'hidden');
      // Side panel: the selected (or current) node, the cycles, the rounds so far.
      side.innerHTML = '';
      var n = selected !== null ? selected : focus;
      if (n !== null && n !== undefined) {
        side.appendChild(el('h3', {}, '#' + n + ' ' + R.nodes[n].status + (t.nodes[n].coinductive ? ' (coinductive)' : '')));
        side.appendChild(el('div', {}, t.nodes[n].goal));
        var ul = el('ul');
        R.nodes[n].answers.forEach(function (a) { ul.appendChild(el('li', {}, a)); });
        if (!R.nodes[n].answers.length) ul.appendChild(el('li', {}, '(no answer yet)'));
        side.appendChild(ul);
      }
      if (t.cycles.length) {
        side.appendChild(el('h3', {}, 'Cycles'));
        var cl = el('ul');
        t.cycles.slice(0, 50).forEach(function (c) {
          cl.appendChild(el('li', {}, (c.coinductive ? 'coinductive: ' : 'inductive: ') + c.nodes.slice(0, 12).map(function (x) { return '#' + x; }).join(' \u2192 ') + (c.nodes.length > 12 ? ' \u2026' : '') + ' \u2192 #' + c.head));
        });
        side.appendChild(cl);
      }
      if (R.rounds.length) {
        side.appendChild(el('h3', {}, 'Fixpoint rounds (provisional results)'));
        var rl = el('ul');
        R.rounds.forEach(function (r) {
          rl.appendChild(el('li', {}, '#' + r.node + ' round ' + r.round + ' (' + r.assumption + '): [' + (r.result || []).join('; ') + ']'));
        });
        side.appendChild(rl);
      }
    }
    slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
    first.addEventListener('click', function () { show(0); });
    last.addEventListener('click', function () { show(t.steps.length - 1); });
    prev.addEventListener('click', function () { show(Math.max(cur - 1, 0)); });
    next.addEventListener('click', function () { show(Math.min(cur + 1, t.steps.length - 1)); });
    show(t.steps.length - 1);
    return { show: show };
  }

  global.KnotTrace = { render: render, replay: replay, layout: layout };
})(typeof window !== 'undefined' ? window : this);
