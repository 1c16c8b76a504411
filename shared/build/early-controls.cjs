// Disclosures and tabs that answer before the page's scripts (issue 38 item 14), as the early
// pop-ups do (early-popups.cjs). Part of the page's one inline script (start-script.cjs): on
// Lighthouse's mobile profile the page's scripts finish about a second after load, and until then
// a FAQ question or a showcase tab is a button without a handler. Here a click, Enter or Space
// (and a tab's arrow keys) changes only the ARIA state the component itself renders:
//  - a button marked data-early-disclosure flips aria-expanded and its panel's hidden;
//  - a tab of a tablist marked data-early-tabs becomes the selected one (aria-selected,
//    tabindex), its panel (aria-controls: every tab names its own, in the page, the others
//    hidden) is shown and the others hidden, and the panels' data-restoring (their wait for a
//    stored choice) is taken away: the tap is the newer choice;
//  - a radio checked in a fieldset that holds a button marked data-early-clear (the assessment's
//    questions) shows that button, and a tap on it unchecks the fieldset's radios and hides it;
//  - the footer's Share button (data-early-share: the box's words and targets, from
//    shell/src/layout/share-box.ts) copies the address and opens the share box as a native modal
//    <dialog>, the body's last child, outside every element React hydrates (as the early pop-ups').
// React's hydration keeps attributes as they are, and the component reads that state from the DOM
// when it mounts (Accordion, EventArchive), so the choice carries over. Once React owns a control,
// its handler prevents the event's default and this never runs: no double toggle.
// It answers once the event has passed the page (window, bubbling) or when something stops it on
// the way: React, asked for a click or key on a part it has not hydrated yet and cannot hydrate at
// once (its code still loading), stops the event in its root's capture listener and drops it
// (react-dom's dispatchEvent), and a tap then was lost in 2 of 5 runs 1 s after load.

/** Runs in the page as written: plain ES2017, no dependencies, no comments inside. */
function answerEarlyControls() {
  const doc = document;
  const closestTo = (event, selector) => (event.target instanceof Element ? event.target.closest(selector) : null);
  const TAB = '[data-early-tabs] [role="tab"]';
  const CLEAR = 'fieldset button[data-early-clear]';
  const tabsOf = (tab) => [...tab.closest('[role="tablist"]').querySelectorAll('[role="tab"]')];
  const select = (tab) => {
    for (const other of tabsOf(tab)) {
      other.setAttribute('aria-selected', String(other === tab));
      other.tabIndex = other === tab ? 0 : -1;
      const panel = doc.getElementById(other.getAttribute('aria-controls') || '');
      if (panel) {
        panel.hidden = other !== tab;
        panel.removeAttribute('data-restoring');
      }
    }
  };
  const answer = (type, act) => {
    let pending = null;
    window.addEventListener(
      type,
      (event) => {
        pending = null;
        const run = () => {
          if (pending !== run || event.defaultPrevented) return;
          pending = null;
          act(event);
        };
        pending = run;
        const stop = event.stopPropagation;
        event.stopPropagation = function () {
          stop.call(this);
          run();
        };
      },
      true,
    );
    window.addEventListener(type, () => pending && pending());
  };
  const element = (name, content) => {
    const node = doc.createElement(name);
    if (content) node.textContent = content;
    return node;
  };
  const share = (button) => {
    const { text, targets } = JSON.parse(button.dataset.earlyShare);
    const url = location.href;
    const dialog = element('dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-labelledby', 'wpc-early-share-title');
    Object.assign(dialog.style, { width: 'min(36rem, calc(100% - 2rem))', padding: '1rem' });
    const close = element('button', text.close);
    close.type = 'button';
    Object.assign(close.style, { float: 'right', minWidth: '44px', minHeight: '44px' });
    close.addEventListener('click', () => dialog.close());
    const title = element('h2', text.title);
    title.id = 'wpc-early-share-title';
    const note = element('p', text.notCopied);
    note.hidden = true;
    const address = element('p', url);
    Object.assign(address.style, { fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' });
    const list = element('ul');
    Object.assign(list.style, { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', padding: '0', listStyle: 'none' });
    for (const target of targets) {
      const link = element('a', target.label);
      link.href = target.href.replace('{url}', encodeURIComponent(url));
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      Object.assign(link.style, { display: 'inline-block', padding: '0.5rem 0.75rem' });
      list.appendChild(element('li')).appendChild(link);
    }
    dialog.append(close, title, note, address, element('p', text.with), list);
    dialog.addEventListener('close', () => dialog.remove());
    doc.body.appendChild(dialog);
    dialog.showModal();
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(url))
      .then(
        () => (title.textContent = text.copied),
        () => (note.hidden = false),
      );
  };
  answer('click', (event) => {
    const shareButton = closestTo(event, 'button[data-early-share]');
    if (shareButton) {
      share(shareButton);
      return;
    }
    const disclosure = closestTo(event, 'button[data-early-disclosure][aria-controls]');
    const panel = disclosure && doc.getElementById(disclosure.getAttribute('aria-controls'));
    if (panel) {
      const open = disclosure.getAttribute('aria-expanded') !== 'true';
      disclosure.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
      return;
    }
    const clear = closestTo(event, CLEAR);
    if (clear) {
      for (const radio of clear.closest('fieldset').querySelectorAll('input[type="radio"]')) radio.checked = false;
      clear.hidden = true;
      return;
    }
    const tab = closestTo(event, TAB);
    if (tab) select(tab);
  });
  window.addEventListener(
    'change',
    (event) => {
      const radio = closestTo(event, 'fieldset input[type="radio"]');
      const clear = radio && radio.checked ? radio.closest('fieldset').querySelector(CLEAR) : null;
      if (clear) clear.hidden = false;
    },
    true,
  );
  answer('keydown', (event) => {
    const tab = closestTo(event, TAB);
    if (!tab) return;
    const tabs = tabsOf(tab);
    const index = tabs.indexOf(tab);
    const last = tabs.length - 1;
    const moves = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(tabs[moves[event.key]]);
    tabs[moves[event.key]].focus();
  });
}

const EARLY_CONTROLS_SCRIPT = `(${answerEarlyControls})()`;

/**
 * The style rules of the states this script sets. Until the page's scripts switch its stylesheets
 * on, only the rules its server HTML matched are inlined (shell/server/critical-css.ts): a rule for
 * an open question or another selected tab matches nothing then, so the edge keeps these too.
 */
const EARLY_STATE_RULES = /\[aria-(?:expanded|selected)=/;

module.exports = { EARLY_CONTROLS_SCRIPT, EARLY_STATE_RULES };
