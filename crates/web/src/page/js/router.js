// The address: which view is shown, and each view's state as a link.
import { $, el } from './dom.js';

/** The page's state is in its address (`#play?set=...&seed=7`, `#solve?board=...`),
    so a reload keeps it and a copied link shows the same board to someone else. */
export const links = { play: new URLSearchParams(), solve: new URLSearchParams(), crossword: new URLSearchParams() };
let currentView = 'play';
const VIEWS = ['play', 'solve', 'rooms', 'crossword'];

/** The Rooms view's address: `#/room/CODE` in a room of the server, `#/room/?board=...
    &start=MS` in a room of a link (the static page's), else `#rooms`. */
let roomHash = '#rooms';

export function setRoomHash(hash) {
  roomHash = hash || '#rooms';
  if (currentView === 'rooms' && location.hash !== roomHash) history.replaceState(null, '', roomHash);
}

export function hashFor(view) {
  if (view === 'rooms') return roomHash;
  const query = links[view].toString();
  return `#${view}${query ? `?${query}` : ''}`;
}

export function linkFor(view) {
  return `${location.origin}${location.pathname}${hashFor(view)}`;
}

export function setLink(view, params) {
  links[view] = params;
  if (view === currentView && location.hash !== hashFor(view)) history.replaceState(null, '', hashFor(view));
}

export async function copyLink(view, status) {
  const url = linkFor(view);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (e) {
    // No clipboard API outside a secure context (http from another machine): select
    // the text and copy it the old way.
    const area = el('textarea', { value: url, readOnly: true });
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      copied = document.execCommand('copy');
    } catch (e2) {
      copied = false;
    }
    area.remove();
  }
  status.textContent = copied ? 'Link copied.' : `Copy this link: ${url}`;
  status.dataset.link = url;
}

/** The views' boards, drawn again when their view is shown (a hidden one has no size). */
const boards = [];

export function redrawWhenShown(board) {
  boards.push(board);
}

export function showView(name) {
  currentView = name;
  for (const view of VIEWS) {
    const on = view === name;
    $(`view-${view}`).hidden = !on;
    const tab = $(`tab-${view}`);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  // How to play a board: the crossword grid has keys of its own (its view says them).
  $('board-hint').hidden = name === 'crossword';
  if (location.hash !== hashFor(name)) history.replaceState(null, '', hashFor(name));
  for (const board of boards) board.redraw();
}

export function setUpTabs() {
  const tabs = VIEWS;
  for (const name of tabs) {
    const tab = $(`tab-${name}`);
    tab.addEventListener('click', () => showView(name));
    tab.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const next = tabs[(tabs.indexOf(name) + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
      showView(next);
      $(`tab-${next}`).focus();
    });
  }
}
