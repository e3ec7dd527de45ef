// rkdebug ui: the page over a log. Plain script, no build step. Every value from the log is
// put into the page as text (textContent, text nodes), never as HTML.
'use strict';
(() => {
  const ROW = 24;             // px per list row (app.css .row)
  const PAGE = 200;           // actions per window fetched for the list
  const MAX_SPACE = 8000000;  // px: past this the list scrolls proportionally

  // MARK: - Small helpers

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'style') Object.assign(node.style, value);
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  const $ = (id) => document.getElementById(id);
  const status = (text, isError) => {
    const node = $('status');
    node.textContent = text || '';
    node.classList.toggle('error', !!isError);
  };
  const scalarText = (value) => value === null ? 'nil' : JSON.stringify(value);
  const oneLine = (value) => value === undefined ? 'nil' : scalarText(value);
  const seconds = (s) => s < 1 ? (s * 1000).toFixed(1) + ' ms' : s.toFixed(2) + ' s';
  const nanoseconds = (ns) => ns < 1000 ? ns + ' ns'
    : ns < 1e6 ? (ns / 1000).toFixed(ns < 1e4 ? 1 : 0) + ' µs' : seconds(ns / 1e9);

  // A Swift-style path (as rkdebug prints and parses them) for a child of `parent`.
  const RESERVED = new Set(['true', 'false', 'nil', 'contains']);
  function childPath(parent, key) {
    if (typeof key === 'number') return parent + '[' + key + ']';
    if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) && !(parent === '' && RESERVED.has(key))) {
      return parent === '' ? key : parent + '.' + key;
    }
    return parent + '[' + JSON.stringify(key) + ']';
  }

  // Parses a Swift-style path into steps: {key}, {index} or {count} (`.count` at the end).
  function parsePath(text) {
    const steps = [];
    let i = 0;
    while (i < text.length) {
      if (text[i] === '.') { i++; continue; }
      if (text[i] === '[') {
        const close = text[i + 1] === '"' || text[i + 1] === "'"
          ? text.indexOf(text[i + 1] + ']', i + 2) + 1 : text.indexOf(']', i);
        if (close <= 0) throw new Error('unclosed [ in ' + text);
        const inner = text.slice(i + 1, close);
        if (/^\d+$/.test(inner)) steps.push({ index: Number(inner) });
        else if (inner[0] === '"') steps.push({ key: JSON.parse(inner) });
        else if (inner[0] === "'") steps.push({ key: inner.slice(1, -1) });
        else throw new Error('bad subscript ' + inner);
        i = close + 1;
        continue;
      }
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i));
      if (!match) throw new Error('bad path ' + text);
      steps.push({ key: match[0] });
      i += match[0].length;
    }
    return steps;
  }

  // The value at `steps` in `value`, or undefined when there is none.
  function valueAt(value, steps) {
    for (let n = 0; n < steps.length; n++) {
      const step = steps[n];
      if (value === null || value === undefined) return undefined;
      if (step.index !== undefined) {
        if (Array.isArray(value)) value = value[step.index];
        else if (typeof value === 'object') value = value[String(step.index)];
        else return undefined;
      } else if (step.key === 'count' && n === steps.length - 1 &&
                 (Array.isArray(value) || typeof value === 'string' ||
                  (typeof value === 'object' && !('count' in value)))) {
        return Array.isArray(value) || typeof value === 'string'
          ? value.length : Object.keys(value).length;
      } else if (typeof value === 'object' && !Array.isArray(value)) {
        value = Object.prototype.hasOwnProperty.call(value, step.key) ? value[step.key] : undefined;
      } else {
        return undefined;
      }
    }
    return value;
  }

  function equal(a, b) {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
  }

  // MARK: - JSON Patch, for pages that carry their data (rkdebug ui --export)

  const tokens = (pointer) => pointer === '' ? [] :
    pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const pointerOf = (parts) => parts.map((p) => '/' +
    String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');

  function applyPatch(root, ops) {
    for (const op of ops) {
      const path = tokens(op.path);
      if (op.op === 'move') {
        const from = tokens(op.from);
        const moved = take(root, from);
        root = put(root, path, moved, true);
      } else if (op.op === 'remove') {
        take(root, path);
      } else if (op.op === 'add') {
        root = put(root, path, structuredClone(op.value), true);
      } else if (op.op === 'replace') {
        root = put(root, path, structuredClone(op.value), false);
      } else if (op.op === 'copy') {
        root = put(root, path, structuredClone(valueAtPointer(root, tokens(op.from))), true);
      } else if (op.op !== 'test') {
        throw new Error('unknown patch operation ' + op.op);
      }
    }
    return root;
  }
  function valueAtPointer(root, parts) {
    let value = root;
    for (const part of parts) value = Array.isArray(value) ? value[Number(part)] : value[part];
    return value;
  }
  function take(root, parts) {
    const parent = valueAtPointer(root, parts.slice(0, -1));
    const last = parts[parts.length - 1];
    if (Array.isArray(parent)) return parent.splice(Number(last), 1)[0];
    const value = parent[last];
    delete parent[last];
    return value;
  }
  function put(root, parts, value, inserting) {
    if (parts.length === 0) return value;
    const parent = valueAtPointer(root, parts.slice(0, -1));
    const last = parts[parts.length - 1];
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (inserting) parent.splice(index, 0, value); else parent[index] = value;
    } else {
      parent[last] = value;
    }
    return root;
  }

  // The RFC 6902 operations (with old values) that turn `a` into `b`: members by name,
  // array elements by position.
  function diffJSON(a, b, parts = [], ops = []) {
    if (equal(a, b)) return ops;
    const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' &&
      Array.isArray(a) === Array.isArray(b);
    if (!bothObjects) {
      ops.push({ op: 'replace', path: pointerOf(parts), value: b, old: a });
      return ops;
    }
    if (Array.isArray(a)) {
      const shared = Math.min(a.length, b.length);
      for (let i = 0; i < shared; i++) diffJSON(a[i], b[i], parts.concat(i), ops);
      for (let i = a.length - 1; i >= shared; i--) {
        ops.push({ op: 'remove', path: pointerOf(parts.concat(i)), old: a[i] });
      }
      for (let i = shared; i < b.length; i++) {
        ops.push({ op: 'add', path: pointerOf(parts.concat(i)), value: b[i] });
      }
      return ops;
    }
    for (const key of Object.keys(a).sort()) {
      if (!(key in b)) ops.push({ op: 'remove', path: pointerOf(parts.concat(key)), old: a[key] });
      else diffJSON(a[key], b[key], parts.concat(key), ops);
    }
    for (const key of Object.keys(b).sort()) {
      if (!(key in a)) ops.push({ op: 'add', path: pointerOf(parts.concat(key)), value: b[key] });
    }
    return ops;
  }

  // MARK: - Where the data comes from

  // The JSON API of `rkdebug ui` (docs/ui-api.md).
  class ServerSource {
    async get(path, params) {
      const url = new URL(path, location.href);
      for (const [key, value] of Object.entries(params || {})) {
        if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, value);
      }
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      const body = await response.json();
      if (!response.ok) throw new Error(body.error || response.statusText);
      return body;
    }
    sessions() { return this.get('api/sessions'); }
    session(id) { return this.get(`api/sessions/${id}`); }
    actions(id, from, count, filter) {
      return this.get(`api/sessions/${id}/actions`, { from, count, filter });
    }
    action(id, index) { return this.get(`api/sessions/${id}/actions/${index}`); }
    async state(id, at) { return (await this.get(`api/sessions/${id}/state`, { at })).state; }
    history(id, path) { return this.get(`api/sessions/${id}/history`, { path }); }
    diff(id, from, to) { return this.get(`api/sessions/${id}/diff`, { from, to }); }
    effects(id, from, to) { return this.get(`api/sessions/${id}/effects`, { from, to }); }
    replay(id) { return this.get(`api/sessions/${id}/replay`); }
    navigation(id, at) { return this.get(`api/sessions/${id}/navigation`, { at }); }
    navigationTimeline(id) { return this.get(`api/sessions/${id}/navigation/timeline`); }
  }

  // One window of one session carried by the page itself (rkdebug ui --export).
  class EmbeddedSource {
    constructor(data) {
      this.data = data;
      this.cache = { at: data.from - 1, state: structuredClone(data.base) };
    }
    check(at) {
      if (at < this.data.from - 1 || at > this.data.to) {
        throw new Error(`this page holds indices ${this.data.from - 1}…${this.data.to}`);
      }
    }
    entry(index) { return this.data.actions[index - this.data.from]; }
    async sessions() { return [this.data.session]; }
    async session() { return this.data.session; }
    async actions(id, from, count, filter) {
      let list = this.data.actions;
      if (filter) {
        const needle = filter.toLowerCase();
        list = list.filter((a) => a.label.toLowerCase().includes(needle));
        return { total: list.length, from, actions: list.slice(from - 1, from - 1 + count) };
      }
      const start = from - this.data.from;
      return {
        total: this.data.session.actionCount, from,
        actions: list.slice(Math.max(0, start), Math.max(0, start + count)),
      };
    }
    async action(id, index) {
      this.check(index);
      const entry = this.entry(index);
      if (!entry) throw new Error(`this page holds actions ${this.data.from}…${this.data.to}`);
      return entry;
    }
    async state(id, at) {
      this.check(at);
      if (at < this.cache.at) this.cache = { at: this.data.from - 1, state: structuredClone(this.data.base) };
      while (this.cache.at < at) {
        this.cache.at++;
        this.cache.state = applyPatch(this.cache.state, this.entry(this.cache.at).patch);
      }
      return structuredClone(this.cache.state);
    }
    async history(id, pathText) {
      const steps = parsePath(pathText);
      let state = structuredClone(this.data.base);
      let before = valueAt(state, steps);
      const changes = [];
      for (const action of this.data.actions) {
        state = applyPatch(state, action.patch);
        const after = valueAt(state, steps);
        if (!equal(before, after)) {
          changes.push({ index: action.index, label: action.label, line: action.line,
            old: before === undefined ? null : before, new: after === undefined ? null : after });
        }
        before = after;
      }
      return { path: pathText, changes, truncated: false };
    }
    async diff(id, from, to) {
      const old = await this.state(id, from);
      const now = await this.state(id, to);
      return { from, to, text: null, patch: diffJSON(old, now) };
    }
    async effects(id, from, to) {
      return {
        from, to, complete: true,
        effects: this.data.effects.filter((e) => e.actionIndex >= from && e.actionIndex <= to),
      };
    }
    // The page lists the navigation view only where it changes: the one in force at `at`.
    async navigation(id, at) {
      this.check(at);
      let found = this.data.navigation[0];
      for (const view of this.data.navigation) if (view.at <= at) found = view;
      return Object.assign(structuredClone(found), { at });
    }
    async navigationTimeline() { return this.data.navigationTimeline; }
    async replay() {
      return { registered: false, result: 'unavailable',
        message: 'the replay check needs rkdebug ui; this page is a saved window' };
    }
  }

  const embeddedNode = document.getElementById('rk-data');
  const source = embeddedNode
    ? new EmbeddedSource(JSON.parse(embeddedNode.textContent)) : new ServerSource();

  // MARK: - The session list

  async function showSessions() {
    $('title').textContent = 'sessions';
    const sessions = await source.sessions();
    const app = $('app');
    app.replaceChildren();
    if (sessions.length === 0) {
      app.append(el('p', { class: 'note', text: 'This log has no sessions yet.' }));
      return;
    }
    const body = el('tbody');
    for (const s of sessions) {
      body.append(el('tr', null,
        el('td', { class: 'num' }, el('a', { href: `?session=${s.id}`, text: String(s.id) })),
        el('td', { text: s.feature }),
        el('td', { text: s.startedAt }),
        el('td', { class: 'num', text: String(s.actionCount) }),
        el('td', { class: 'num', text: String(s.effectCount) }),
        el('td', { text: s.ended ? 'ended' : 'not ended' }),
        el('td', { text: s.replayable ? 'replayable' : '' })));
    }
    app.append(el('table', { class: 'sessions', id: 'sessions' },
      el('thead', null, el('tr', null, ...['ID', 'Feature', 'Started', 'Actions', 'Effects',
        'Status', ''].map((h) => el('th', { text: h })))), body));
  }

  // MARK: - One session

  class SessionView {
    constructor(session, params) {
      this.session = session;
      this.id = session.id;
      const embedded = source instanceof EmbeddedSource;
      this.min = embedded ? source.data.from - 1 : 0;
      this.max = embedded ? source.data.to : session.actionCount;
      this.at = this.clamp(Number.isFinite(params.at) ? params.at : this.min);
      this.with = Number.isFinite(params.with) ? this.clamp(params.with) : null;
      this.path = params.path || null;
      this.tab = 'state';
      this.ticket = 0;
      this.filter = '';
      this.pages = new Map();
      this.pending = new Set();
      this.total = 0;
      this.generation = 0;
      this.build();
    }

    clamp(n) { return Math.max(this.min, Math.min(this.max, Math.trunc(n))); }

    // The session of a live app logged more entries: the list, scrubber and title grow.
    grow(count) {
      if (source instanceof EmbeddedSource || count <= this.max) return;
      const lastPage = Math.floor((this.max - this.min) / PAGE);
      this.max = count;
      this.session.actionCount = count;
      for (const input of [this.scrubber, this.atInput]) input.max = count;
      this.maxLabel.textContent = String(count);
      const s = this.session;
      $('title').textContent = `session ${s.id} · ${s.feature} · ${count} actions`;
      if (this.filter) return;
      this.pages.delete(lastPage);
      this.total = this.max - this.min + 1;
      this.layout();
      this.renderList();
    }

    build() {
      const s = this.session;
      $('title').textContent = `session ${s.id} · ${s.feature} · ${s.actionCount} actions` +
        (source instanceof EmbeddedSource ? ` · this page holds ${this.min}…${this.max}` : '');
      document.title = `rkdebug: session ${s.id} (${s.feature})`;
      const app = $('app');
      app.replaceChildren();
      this.scrubber = el('input', { id: 'scrubber', type: 'range', min: this.min, max: this.max,
        value: this.at, 'aria-label': 'action index' });
      this.scrubber.addEventListener('input', () => this.select(Number(this.scrubber.value)));
      this.atInput = el('input', { id: 'at-input', type: 'number', min: this.min, max: this.max,
        value: this.at, 'aria-label': 'go to index' });
      this.atInput.addEventListener('change', () => this.select(Number(this.atInput.value), true));
      this.replayResult = el('span', { id: 'replay-result' });
      const replayButton = el('button', { id: 'replay', type: 'button', text: 'Replay check',
        onclick: () => this.replay() });
      if (!s.replayable || source instanceof EmbeddedSource) {
        replayButton.disabled = true;
        replayButton.title = source instanceof EmbeddedSource
          ? 'needs rkdebug ui; this page is a saved window'
          : `this rkdebug registers no feature for '${s.feature}'`;
      }
      this.maxLabel = el('span', { class: 'muted', id: 'scrub-max', text: `${this.max}` });
      app.append(el('div', { id: 'scrub' },
        el('span', { class: 'muted', text: `${this.min}` }), this.scrubber,
        this.maxLabel, this.atInput,
        replayButton, this.replayResult));

      this.filterInput = el('input', { id: 'filter', type: 'search',
        placeholder: 'filter actions by label', 'aria-label': 'filter actions' });
      let timer = null;
      this.filterInput.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(() => this.setFilter(this.filterInput.value.trim()), 200);
      });
      this.matchCount = el('span', { id: 'match-count' });
      this.rows = el('div', { id: 'list-rows' });
      this.space = el('div', { id: 'list-space' }, this.rows);
      this.list = el('div', { id: 'list', tabindex: '0', role: 'listbox',
        'aria-label': 'actions' }, this.space);
      this.list.addEventListener('scroll', () => this.renderList());
      this.list.addEventListener('click', (event) => {
        const row = event.target.closest('.row');
        if (!row || row.dataset.index === undefined) return;
        const index = Number(row.dataset.index);
        if (event.shiftKey) this.setWith(index); else this.select(index);
      });
      const left = el('section', { id: 'left' },
        el('div', { id: 'filter-row' }, this.filterInput, this.matchCount), this.list);

      this.tabs = el('div', { id: 'tabs', role: 'tablist' });
      for (const [key, name] of [['state', 'State'], ['changes', 'Changes'],
        ['action', 'Action'], ['patch', 'Patch'], ['effects', 'Effects'],
        ['navigation', 'Navigation'], ['diff', 'Diff']]) {
        this.tabs.append(el('button', { type: 'button', role: 'tab', id: `tab-${key}`,
          'aria-selected': String(key === this.tab), text: name,
          onclick: () => this.showTab(key) }));
      }
      this.body = el('div', { id: 'tab-body', role: 'tabpanel' });
      const right = el('section', { id: 'right' }, this.tabs, this.body);
      this.timeline = el('section', { id: 'timeline', 'aria-label': 'effects timeline' });
      this.strip = el('section', { id: 'nav-strip', 'aria-label': 'navigation over time' });
      app.append(el('div', { id: 'panes' }, left, right), this.strip, this.timeline);
      this.loadStrip();

      document.addEventListener('keydown', (event) => this.key(event));
      this.setFilter('');
    }

    key(event) {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.type !== 'range') return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      const moves = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 };
      if (event.key in moves) {
        this.select(this.at + moves[event.key], true);
      } else if (event.key === 'Home') {
        this.select(this.min, true);
      } else if (event.key === 'End') {
        this.select(this.max, true);
      } else {
        return;
      }
      event.preventDefault();
    }

    // MARK: The list

    // Rows of the list: with no filter, the initial state then each action; with one, the
    // matching actions.
    rowCount() { return this.filter ? this.total : this.max - this.min + 1; }

    async setFilter(filter) {
      this.filter = filter;
      this.pages = new Map();
      this.pending = new Set();
      this.generation++;
      if (filter) {
        const first = await this.page(0);
        if (!first) return;
        this.matchCount.textContent = `${this.total} match${this.total === 1 ? '' : 'es'}`;
      } else {
        this.total = this.max - this.min + 1;
        this.matchCount.textContent = '';
      }
      this.layout();
      this.list.scrollTop = 0;
      this.renderList();
      this.scrollTo(this.at);
    }

    layout() {
      const height = this.rowCount() * ROW;
      this.scaled = height > MAX_SPACE;
      this.space.style.height = (this.scaled ? MAX_SPACE : height) + 'px';
    }

    firstVisibleRow() {
      const visible = Math.ceil(this.list.clientHeight / ROW);
      if (!this.scaled) return Math.floor(this.list.scrollTop / ROW);
      const range = MAX_SPACE - this.list.clientHeight;
      const rows = Math.max(0, this.rowCount() - visible);
      return Math.round(this.list.scrollTop / Math.max(1, range) * rows);
    }

    // The row that shows `index`, when the list shows it.
    rowOf(index) { return this.filter ? null : index - this.min; }

    scrollTo(index) {
      const row = this.rowOf(index);
      if (row === null) return;
      const visible = Math.floor(this.list.clientHeight / ROW);
      const first = this.firstVisibleRow();
      if (row >= first && row < first + visible) return;
      const target = Math.max(0, row - Math.floor(visible / 2));
      if (this.scaled) {
        const rows = Math.max(1, this.rowCount() - visible);
        this.list.scrollTop = target / rows * (MAX_SPACE - this.list.clientHeight);
      } else {
        this.list.scrollTop = target * ROW;
      }
    }

    // Fetches the page of rows `pageNumber`. Without a filter, row 0 is the state at `min`
    // (the initial state, or the state before an exported window) and row r is action min + r.
    async page(pageNumber) {
      const generation = this.generation;
      const key = pageNumber;
      if (this.pages.has(key) || this.pending.has(key)) return this.pages.get(key);
      this.pending.add(key);
      try {
        const firstRow = pageNumber * PAGE;
        const leading = !this.filter && firstRow === 0;
        const from = this.filter ? firstRow + 1 : this.min + firstRow + (leading ? 1 : 0);
        const count = leading ? PAGE - 1 : PAGE;
        const answer = await source.actions(this.id, from, count, this.filter || null);
        if (generation !== this.generation) return null;
        if (this.filter) this.total = answer.total;
        const rows = answer.actions;
        if (leading) rows.unshift(null);
        this.pages.set(key, rows);
        if (this.pages.size > 60) this.pages.delete(this.pages.keys().next().value);
        return rows;
      } catch (error) {
        status(error.message, true);
        return null;
      } finally {
        this.pending.delete(key);
      }
    }

    renderList() {
      const total = this.rowCount();
      const visible = Math.ceil(this.list.clientHeight / ROW) + 1;
      const first = Math.min(this.firstVisibleRow(), Math.max(0, total - visible + 1));
      const last = Math.min(total - 1, first + visible);
      const offset = this.scaled ? this.list.scrollTop : first * ROW;
      this.rows.style.transform = `translateY(${offset}px)`;
      const nodes = [];
      for (let row = first; row <= last; row++) {
        const page = this.pages.get(Math.floor(row / PAGE));
        if (!page) {
          this.page(Math.floor(row / PAGE)).then((rows) => { if (rows) this.renderList(); });
          nodes.push(el('div', { class: 'row' }, el('span', { class: 'idx', text: '…' })));
          continue;
        }
        const action = page[row % PAGE];
        if (action === undefined) continue;
        nodes.push(this.rowNode(action));
      }
      this.rows.replaceChildren(...nodes);
    }

    rowNode(action) {
      const index = action === null ? this.min : action.index;
      const classes = ['row'];
      if (action && action.source === 'effect') classes.push('effect');
      if (action === null) classes.push('initial');
      if (index === this.at) classes.push('selected');
      if (index === this.with) classes.push('with');
      const row = el('div', { class: classes.join(' '), role: 'option',
        'aria-selected': String(index === this.at), 'data-index': String(index) });
      if (action === null) {
        row.append(el('span', { class: 'idx', text: String(this.min) }), el('span'),
          el('span', { class: 'label',
            text: this.min === 0 ? 'initial state' : `state at ${this.min}, before this page` }));
        return row;
      }
      row.title = action.source === 'effect'
        ? `emitted by effect #${action.effectID} of action #${action.parentIndex}` : 'sent';
      row.append(
        el('span', { class: 'idx', text: String(action.index) }),
        el('span', { class: 'src', text: action.source }),
        el('span', { class: 'label' }, action.source === 'effect'
          ? el('span', { class: 'parent', text: `↳ #${action.parentIndex} ` }) : null,
          action.line),
        el('span', { class: 'dur', text: nanoseconds(action.durationNanos) }),
        el('span', { class: 'since', text: '+' + seconds(action.sinceStartSeconds) }));
      return row;
    }

    // MARK: Selection

    select(index, scroll) {
      if (!Number.isFinite(index)) return;
      index = this.clamp(index);
      this.at = index;
      this.scrubber.value = index;
      this.atInput.value = index;
      this.updateURL();
      if (scroll) this.scrollTo(index);
      this.renderList();
      this.placeStripCursor();
      this.load();
    }

    setWith(index) {
      this.with = index === this.at ? null : this.clamp(index);
      this.updateURL();
      this.renderList();
      this.showTab('diff');
    }

    updateURL() {
      const params = new URLSearchParams();
      if (!(source instanceof EmbeddedSource)) params.set('session', this.id);
      params.set('at', this.at);
      if (this.with !== null) params.set('with', this.with);
      if (this.path) params.set('path', this.path);
      history.replaceState(null, '', '?' + params.toString().replace(/%5B/g, '[')
        .replace(/%5D/g, ']'));
    }

    // Loads what the selected index shows: its action (when not the initial state) and state.
    async load() {
      const at = this.at;
      const ticket = ++this.ticket;
      try {
        const [action, state] = await Promise.all([
          at > this.min ? source.action(this.id, at) : Promise.resolve(null),
          source.state(this.id, at),
        ]);
        if (ticket !== this.ticket) return;
        this.current = { at, action, state };
        this.renderTab();
        this.renderTimeline(at);
        status('');
      } catch (error) {
        if (ticket === this.ticket) status(error.message, true);
      }
    }

    showTab(key) {
      this.tab = key;
      for (const button of this.tabs.children) {
        button.setAttribute('aria-selected', String(button.id === `tab-${key}`));
      }
      this.renderTab();
    }

    renderTab() {
      if (!this.current) return;
      const { at, action, state } = this.current;
      const body = this.body;
      body.replaceChildren();
      body.dataset.at = String(at);
      const noAction = () => body.append(el('p', { class: 'muted', text: at === 0
        ? 'Index 0 is the initial state: no action.'
        : `The state at ${at}, before the actions this page holds.` }));
      switch (this.tab) {
        case 'state': return this.renderState(state, at);
        case 'changes':
          if (!action) return noAction();
          return body.append(el('pre', { id: 'changes', class: 'diff' },
            ...diffLines(action.changes)));
        case 'action':
          if (!action) return noAction();
          body.append(el('div', { class: 'heading', text: `Action ${action.index}` }),
            el('pre', { id: 'action-dump', text: action.label }),
            el('p', { class: 'muted', text: action.source === 'effect'
              ? `Emitted by effect #${action.effectID} of ` : 'Sent by the caller.' },
              action.source === 'effect' ? this.jump(action.parentIndex) : null),
            el('p', { class: 'muted',
              text: `Reducer: ${nanoseconds(action.durationNanos)}; at ${action.time}.` }));
          if (action.inputs && action.inputs.length) {
            body.append(el('div', { class: 'heading', text: 'Dependency values read' }),
              el('pre', { text: action.inputs.map(([n, v]) => `${n}: ${JSON.stringify(v)}`)
                .join('\n') }));
          }
          return;
        case 'patch':
          if (!action) return noAction();
          return body.append(el('pre', { id: 'patch', text: JSON.stringify(action.patch, null, 2) }));
        case 'effects':
          if (!action) return noAction();
          return this.renderEffects(action);
        case 'navigation': return this.renderNavigation(at);
        case 'diff': return this.renderDiff();
      }
    }

    jump(index, text) {
      return el('a', { href: '#', class: 'jump', 'data-index': String(index),
        text: text || `#${index}`,
        onclick: (event) => { event.preventDefault(); this.select(index, true); } });
    }

    // MARK: State tree and who changed this

    renderState(state, at) {
      const tree = el('div', { class: 'tree', id: 'state-tree' });
      const raw = el('pre', { id: 'state-json', hidden: '' });
      const toggle = el('button', { type: 'button', id: 'state-raw', text: 'JSON',
        onclick: () => {
          raw.hidden = !raw.hidden;
          tree.hidden = !raw.hidden;
          if (!raw.hidden) raw.textContent = JSON.stringify(state, null, 2);
        } });
      this.historyPanel = el('div', { id: 'history' });
      tree.append(this.treeNode(undefined, state, '', true));
      this.body.append(el('div', { class: 'heading' }, `State at ${at} `, toggle),
        el('div', { id: 'state-split' }, el('div', null, tree, raw), this.historyPanel));
      if (this.path) this.showHistory(this.path);
      else this.historyPanel.append(el('p', { class: 'muted',
        text: 'Click a name in the tree to see every action that changed it.' }));
    }

    treeNode(key, value, path, open) {
      const isContainer = value !== null && typeof value === 'object';
      const node = el('div', { class: 'node' });
      const line = el('div', { class: 'line', 'data-path': path });
      const toggle = el('span', { class: 'toggle', text: isContainer ? (open ? '▾' : '▸') : '' });
      line.append(toggle);
      if (key !== undefined) {
        line.append(el('span', { class: 'key', text: String(key) + ':', title: 'who changed ' + path,
          onclick: () => this.pickPath(path) }));
      } else {
        line.append(el('span', { class: 'key', text: this.session.stateType.split('.').pop(),
          onclick: () => this.pickPath('') }));
      }
      if (isContainer) {
        const count = Array.isArray(value) ? value.length : Object.keys(value).length;
        line.append(el('span', { class: 'muted',
          text: Array.isArray(value) ? `[${count}]` : `{${count}}` }));
      } else {
        const kind = value === null ? 'null' : typeof value === 'boolean' ? 'bool' : typeof value;
        line.append(el('span', { class: `value ${kind}`, text: scalarText(value) }));
      }
      if (path) line.append(el('span', { class: 'path', text: path }));
      if (path === this.path) line.classList.add('picked');
      node.append(line);
      if (!isContainer) return node;
      const children = el('div', { class: 'children' });
      const fill = () => {
        const entries = Array.isArray(value) ? value.map((v, i) => [i, v])
          : Object.keys(value).sort().map((k) => [k, value[k]]);
        const shown = entries.slice(0, 500);
        children.replaceChildren(...shown.map(([k, v]) => {
          const childKey = childPath(path, k);
          const opening = this.path && (this.path === childKey ||
            this.path.startsWith(childKey + '.') || this.path.startsWith(childKey + '['));
          return this.treeNode(k, v, childKey, !!opening);
        }));
        if (entries.length > shown.length) {
          children.append(el('div', { class: 'node muted',
            text: `… ${entries.length - shown.length} more (rkdebug state --path ${path || '.'})` }));
        }
      };
      if (open) fill(); else children.hidden = true;
      toggle.addEventListener('click', () => {
        const opening = children.hidden;
        if (opening && children.childElementCount === 0) fill();
        children.hidden = !opening;
        toggle.textContent = opening ? '▾' : '▸';
      });
      node.append(children);
      return node;
    }

    pickPath(path) {
      this.path = path || null;
      this.updateURL();
      for (const line of this.body.querySelectorAll('.tree .line')) {
        line.classList.toggle('picked', line.dataset.path === path);
      }
      if (path) this.showHistory(path);
    }

    async showHistory(path) {
      const panel = this.historyPanel;
      panel.replaceChildren(el('div', { class: 'heading', text: `Who changed ${path}` }),
        el('p', { class: 'muted', text: 'Loading…' }));
      try {
        const answer = await source.history(this.id, path);
        if (panel !== this.historyPanel || this.path !== path) return;
        const list = el('ol', { class: 'history', id: 'history-list' });
        for (const change of answer.changes) {
          list.append(el('li', { 'data-index': String(change.index) },
            this.jump(change.index), ' ',
            el('span', { class: 'label', text: change.line || change.label }),
            el('div', { class: 'values' },
              el('span', { class: 'old', text: oneLine(change.old) }), ' → ',
              el('span', { class: 'new', text: oneLine(change.new) }))));
        }
        panel.replaceChildren(el('div', { class: 'heading',
          text: `Who changed ${path}: ${answer.changes.length}${answer.truncated ? '+' : ''} ` +
            `action${answer.changes.length === 1 ? '' : 's'}` }), list);
        if (answer.changes.length === 0) {
          panel.append(el('p', { class: 'muted', text: 'No action changed it.' }));
        }
      } catch (error) {
        panel.replaceChildren(el('div', { class: 'heading', text: `Who changed ${path}` }),
          el('p', { class: 'error', text: error.message }));
      }
    }

    // MARK: Effects, diff, replay

    renderEffects(action) {
      if (!action.effects.length) {
        return this.body.append(el('p', { class: 'muted', text: 'This action started no effect.' }));
      }
      const rows = action.effects.map((e) => el('tr', null,
        el('td', { text: `#${e.id}` }), el('td', { text: e.kind }),
        el('td', { text: e.outcome || 'running' }),
        el('td', { text: e.endedAt ? seconds((Date.parse(e.endedAt) - Date.parse(e.startedAt)) / 1000) : '' }),
        el('td', { text: e.cancelIDs.join(', ') }),
        el('td', null, ...e.emitted.flatMap((i) => [this.jump(i), ' '])),
        el('td', { text: e.error || '' })));
      this.body.append(el('table', { class: 'effects', id: 'effects-table' },
        el('thead', null, el('tr', null, ...['Effect', 'Kind', 'Outcome', 'Duration',
          'Cancel ids', 'Emitted', 'Error'].map((h) => el('th', { text: h })))),
        el('tbody', null, ...rows)));
    }

    async renderDiff() {
      const body = this.body;
      if (this.with === null) {
        body.append(el('p', { class: 'muted',
          text: 'Select an index, then shift-click another to compare their states.' }));
        return;
      }
      const [from, to] = [this.at, this.with];
      body.append(el('div', { class: 'heading', text: `From the state at ${from} to the state at ${to}` }));
      try {
        const diff = await source.diff(this.id, from, to);
        if (this.tab !== 'diff' || body !== this.body) return;
        if (diff.text) body.append(el('pre', { id: 'diff-text', class: 'diff' }, ...diffLines(diff.text)));
        else if (diff.patch.length === 0) body.append(el('p', { text: '(No state changes)' }));
        const list = el('ul', { id: 'diff-patch' });
        for (const op of diff.patch) {
          list.append(el('li', { class: 'values' }, el('code', { text: `${op.op} ${op.path}` }), ' ',
            'old' in op ? el('span', { class: 'old', text: JSON.stringify(op.old) }) : null,
            'old' in op && 'value' in op ? ' → ' : null,
            'value' in op ? el('span', { class: 'new', text: JSON.stringify(op.value) }) : null));
        }
        if (diff.patch.length) body.append(el('div', { class: 'heading', text: 'As JSON Patch' }), list);
      } catch (error) {
        body.append(el('p', { class: 'error', text: error.message }));
      }
    }

    async replay() {
      const result = this.replayResult;
      result.className = '';
      result.textContent = 'replaying…';
      try {
        const answer = await source.replay(this.id);
        if (answer.result === 'match') {
          result.className = 'match';
          result.textContent = `every state matches (${answer.replayed} actions)`;
        } else if (answer.result === 'divergence') {
          const d = answer.divergence;
          result.className = 'divergence';
          result.replaceChildren(`diverges at `, this.jump(d.index),
            d.inputMismatch ? `: ${d.inputMismatch}` : '');
          this.showTab('state');
          this.body.prepend(el('div', { id: 'divergence' },
            el('div', { class: 'heading', text: `Replay diverges after action ${d.index}:` +
              ' recorded (-) vs replayed (+)' }),
            el('pre', { class: 'diff' }, ...diffLines(d.diff))));
        } else {
          result.textContent = answer.message || answer.result;
        }
      } catch (error) {
        result.className = 'divergence';
        result.textContent = error.message;
      }
    }

    // MARK: Navigation

    // The stacks of screens at `at`, bottom to top, and what is presented over each.
    async renderNavigation(at) {
      const body = this.body;
      const ticket = this.navigationTicket = (this.navigationTicket || 0) + 1;
      const current = () => ticket === this.navigationTicket && this.tab === 'navigation' &&
        at === this.at;
      let answer;
      try {
        answer = await source.navigation(this.id, at);
      } catch (error) {
        if (current()) body.append(el('p', { class: 'error', text: error.message }));
        return;
      }
      if (!current()) return;
      const view = el('div', { id: 'navigation', 'data-at': String(at) });
      view.append(el('div', { class: 'heading', text: `Navigation at ${at}` }));
      if (answer.message) view.append(el('p', { class: 'muted', id: 'navigation-note',
        text: answer.message }));
      view.append(el('div', { class: 'nav-root', text: this.session.stateType.split('.').pop() +
        ' (root)' }), this.navigationNode(answer.root));
      if (!answer.root.stacks.length && !answer.root.presented.length) {
        view.append(el('p', { class: 'muted', text: 'No stack and nothing presented.' }));
      }
      body.append(view);
    }

    navigationNode(node) {
      const box = el('div', { class: 'nav-node' });
      for (const stack of node.stacks) {
        const screens = el('ol', { class: 'nav-screens' });
        for (const screen of stack.screens) {
          screens.append(el('li', { class: 'nav-screen', 'data-id': String(screen.id),
            'data-case': screen.case || '', 'data-pointer': screen.pointer },
            el('span', { class: 'nav-id', text: `#${screen.id}` }), ' ',
            el('span', { class: 'nav-case', text: screen.case || 'screen' }),
            screen.title !== null ? el('span', { class: 'nav-title', text: screen.title }) : null,
            this.navigationNode(screen)));
        }
        box.append(el('div', { class: 'nav-stack', 'data-name': stack.name,
          'data-pointer': stack.pointer },
          el('div', { class: 'muted', text: `${stack.name}: ${stack.screens.length} ` +
            `screen${stack.screens.length === 1 ? '' : 's'}, bottom to top` }), screens));
      }
      for (const shown of node.presented) {
        box.append(el('div', { class: `nav-presented ${shown.kind}`, 'data-name': shown.name,
          'data-case': shown.case || '', 'data-kind': shown.kind, 'data-pointer': shown.pointer },
          el('span', { class: 'muted', text: `presents ${shown.kind} ` }),
          el('span', { class: 'nav-case', text: shown.case ? `${shown.name}.${shown.case}`
            : shown.name }),
          shown.title !== null ? el('span', { class: 'nav-title', text: shown.title }) : null,
          this.navigationNode(shown)));
      }
      return box;
    }

    // The strip of pushes, pops, presentations and dismissals along the session, fetched once.
    async loadStrip() {
      const strip = this.strip;
      let answer;
      try {
        answer = await source.navigationTimeline(this.id);
      } catch (error) {
        strip.replaceChildren(el('p', { class: 'error', text: error.message }));
        return;
      }
      const [from, to] = [answer.from - 1, Math.max(answer.to, answer.from)];
      const left = (index) => `${(index - from) / Math.max(1, to - from) * 100}%`;
      const track = el('div', { class: 'track' });
      const count = answer.buckets ? answer.buckets.reduce((n, b) =>
        n + b.push + b.pop + b.present + b.dismiss, 0) : answer.events.length;
      for (const e of answer.events) {
        const what = e.kind === 'push' || e.kind === 'pop'
          ? `${e.kind} #${e.id} ${e.case || ''}`
          : `${e.kind} ${e.name}${e.case ? '.' + e.case : ''}`;
        track.append(el('a', { href: '#', class: `nav-event ${e.kind}`,
          'data-index': String(e.index), 'data-kind': e.kind, style: { left: left(e.index) },
          title: `${e.index}: ${what}${e.title !== null ? ' (' + e.title + ')' : ''}`,
          onclick: (event) => { event.preventDefault(); this.select(e.index, true); } }));
      }
      for (const b of answer.buckets || []) {
        const kinds = ['push', 'pop', 'present', 'dismiss'];
        const most = kinds.reduce((a, k) => b[k] > b[a] ? k : a, 'push');
        track.append(el('a', { href: '#', class: `nav-event bucket ${most}`,
          'data-index': String(b.first),
          // A bucket spans its indices, so buckets tile the track without overlapping.
          style: { left: left(b.from - 1),
            width: `${(b.to - b.from + 1) / Math.max(1, to - from) * 100}%` },
          title: `${b.from}…${b.to}: ` + kinds.map((k) => `${b[k]} ${k}`).join(', '),
          onclick: (event) => { event.preventDefault(); this.select(b.first, true); } }));
      }
      this.stripCursor = el('div', { class: 'cursor' });
      this.stripLeft = left;
      track.append(this.stripCursor);
      strip.replaceChildren(el('div', { class: 'legend' },
        el('strong', { text: 'Navigation' }), '  ',
        ...['push', 'pop', 'present', 'dismiss'].map((k) =>
          el('span', null, el('i', { class: `nav-event ${k}` }), k)),
        el('span', { class: 'muted', text: answer.buckets
          ? `${count} events, counted in ranges of indices` : `${count} events` }),
        answer.message ? el('span', { class: 'muted', id: 'strip-note', text: answer.message })
          : null), track);
      this.placeStripCursor();
    }

    placeStripCursor() {
      if (this.stripCursor) this.stripCursor.style.left = this.stripLeft(this.at);
    }

    // MARK: Effects timeline

    async renderTimeline(at) {
      const center = Math.max(1, at);
      const from = Math.max(1, Math.max(this.min, 1), center - 50);
      const to = Math.min(this.max, center + 50);
      const timeline = this.timeline;
      if (to < from) { timeline.replaceChildren(); return; }
      let answer;
      try {
        answer = await source.effects(this.id, from, to);
      } catch (error) {
        timeline.replaceChildren(el('p', { class: 'error', text: error.message }));
        return;
      }
      if (at !== this.at) return;
      const effects = answer.effects;
      // Lanes run along action indices (from the action that started the effect to the last
      // one it emitted), or along wall-clock time: by action by default, since a session
      // recorded on an instant clock has effects that take no time at all.
      const now = Date.now();
      const starts = effects.map((e) => Date.parse(e.startedAt));
      const ends = effects.map((e) => e.endedAt ? Date.parse(e.endedAt) : now);
      const axis = this.timelineAxis || 'actions';
      const axisButton = (name, label) => el('button', { type: 'button', class: 'axis',
        'aria-pressed': String(axis === name), text: label,
        onclick: () => { this.timelineAxis = name; this.renderTimeline(this.at); } });
      const header = el('div', { class: 'legend' },
        el('strong', { text: `Effects started by actions ${from}…${to}` }), '  ',
        ...['finished', 'cancelled', 'failed', 'running'].map((o) =>
          el('span', null, el('i', { class: `span ${o}` }), o)),
        axisButton('time', 'by time'), axisButton('actions', 'by action'));
      if (!effects.length) {
        timeline.replaceChildren(header, el('p', { class: 'muted', text: 'No effects.' }));
        return;
      }
      const first = axis === 'time' ? Math.min(...starts) : from;
      const extents = effects.map((e, i) => axis === 'time' ? [starts[i], ends[i]]
        : [e.actionIndex, Math.max(e.actionIndex, ...e.emitted)]);
      const last = Math.max(...extents.map(([, end]) => end), first + 1);
      const lanes = effects.map((e, i) => {
        const [begin, end] = extents[i];
        const left = (begin - first) / (last - first) * 100;
        const width = Math.max(0.3, (end - begin) / (last - first) * 100);
        const outcome = e.outcome || 'running';
        return el('div', { class: 'lane', 'data-effect': String(e.id) },
          el('div', { class: 'who' }, `#${e.id} ${e.kind} from `, this.jump(e.actionIndex),
            e.cancelIDs.length ? ` · id ${e.cancelIDs.join(', ')}` : '',
            e.emitted.length ? ' → ' : '', ...e.emitted.slice(0, 5).flatMap((n) => [this.jump(n), ' '])),
          el('div', { class: 'track' }, el('div', { class: `span ${outcome}`,
            style: { left: `${left}%`, width: `${width}%` },
            title: `${outcome}${e.error ? ': ' + e.error : ''}, ` +
              `${seconds((ends[i] - starts[i]) / 1000)}` })));
      });
      timeline.replaceChildren(header, ...lanes);
    }
  }

  // The lines of a custom-dump diff, each a span coloured by its first character.
  function diffLines(text) {
    return text.split('\n').map((line) => el('span', {
      class: line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'same',
      text: line + '\n' }));
  }

  // MARK: - Live controls (rkdebug ui --attach)

  // The running app the inspector is attached to: its status, controls that act on the
  // selected entry, an action to dispatch, and the state the app shows.
  class LivePanel {
    constructor(first) {
      this.statusText = el('span', { id: 'live-status' });
      const button = (id, text, request) => el('button', { id, type: 'button', text,
        onclick: () => this.send(request()) });
      const selected = () => (window.rkdebug ? window.rkdebug.at : 0);
      this.action = el('input', { id: 'live-action', type: 'text', spellcheck: 'false',
        placeholder: 'action JSON, e.g. {"addTodoButtonTapped":{}}', 'aria-label': 'action' });
      this.state = el('pre', { id: 'live-state' });
      this.message = el('span', { id: 'live-message', role: 'status' });
      const dispatch = el('button', { id: 'live-dispatch', type: 'button', text: 'Dispatch',
        onclick: () => {
          let action;
          try { action = JSON.parse(this.action.value); } catch (error) {
            return this.show(null, 'the action is not JSON: ' + error.message);
          }
          this.send({ op: 'dispatch', action });
        } });
      this.node = el('section', { id: 'live', 'aria-label': 'live app' },
        el('div', { id: 'live-bar' },
          el('strong', { text: 'Live' }), this.statusText,
          button('live-pause', 'Pause', () => ({ op: 'pause' })),
          button('live-resume', 'Resume', () => ({ op: 'resume' })),
          button('live-jump', 'Jump here', () => ({ op: 'jump', index: selected() })),
          button('live-skip', 'Skip this', () => ({ op: 'skip', index: selected() })),
          button('live-unskip', 'Unskip this', () => ({ op: 'unskip', index: selected() })),
          this.action, dispatch, this.message),
        el('details', null, el('summary', { text: 'State the app shows' }), this.state));
      document.body.insertBefore(this.node, $('app'));
      this.show(first);
      this.send({ op: 'state' });
      setInterval(() => this.poll(), 1000);
    }

    async request(method, body) {
      const response = await fetch('api/live', method === 'POST'
        ? { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body) }
        : { headers: { Accept: 'application/json' } });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.statusText);
      return answer;
    }

    async send(body) {
      try {
        const answer = await this.request('POST', body);
        this.show(answer, answer.ok ? '' : answer.error);
      } catch (error) {
        this.show(null, error.message);
      }
    }

    async poll() {
      try {
        this.show(await this.request('GET'));
      } catch (error) {
        this.show(null, error.message);
      }
    }

    show(answer, message) {
      if (message !== undefined) {
        this.message.textContent = message || '';
        this.message.classList.toggle('error', !!message);
      }
      if (!answer) return;
      if (answer.state !== undefined) {
        this.state.textContent = JSON.stringify(answer.state, null, 2);
      }
      const s = answer.status;
      if (!s) return;
      const parts = [`${s.feature}`, `${s.entries} entries`,
        s.paused ? `paused, ${s.heldActions} held` : 'running'];
      if (s.jumpedTo !== undefined && s.jumpedTo !== null) parts.push(`showing ${s.jumpedTo}`);
      if (s.skipped.length) parts.push('skipping ' + s.skipped.join(', '));
      this.statusText.textContent = parts.join(' · ');
      this.node.dataset.entries = String(s.entries);
      this.node.dataset.paused = String(s.paused);
      const view = window.rkdebug;
      if (view && view.session.uuid === s.session) view.grow(s.entries);
    }
  }

  async function attachLive() {
    if (source instanceof EmbeddedSource) return;
    const response = await fetch('api/live', { headers: { Accept: 'application/json' } });
    if (response.status === 404 || response.status === 405) return;
    const answer = await response.json();
    if (!response.ok) return status(answer.error || response.statusText, true);
    window.rkdebugLive = new LivePanel(answer);
  }

  // MARK: - Start

  async function start() {
    const query = new URLSearchParams(location.search);
    const number = (name) => query.has(name) ? Number(query.get(name)) : NaN;
    try {
      let id = number('session');
      if (source instanceof EmbeddedSource) id = source.data.session.id;
      if (!Number.isFinite(id)) return await showSessions();
      const session = await source.session(id);
      const view = new SessionView(session, { at: number('at'), with: number('with'),
        path: query.get('path') });
      window.rkdebug = view;
      view.select(view.at, true);
    } catch (error) {
      status(error.message, true);
      $('app').replaceChildren(el('p', { class: 'note', text: error.message }));
    }
  }
  start().then(() => attachLive()).catch((error) => status(error.message, true));
})();
