// Pop-ups that answer before the page's scripts (issue 38 item 14). Part of the page's one inline
// script (start-script.cjs): on Lighthouse's mobile profile the scripts finish about 3 s after
// load, and until then a pop-up's button is the submit button of a plain GET form to the form's
// own page (PopupButton), a navigation of 600-750 ms on that profile. Here that submission opens a
// native modal <dialog> at once instead, and fills it with the form from that same page, which
// posts to the edge as the page's form would (forms without scripts, shared/src/forms/README.md).
// Once React owns a button, its click handler prevents the submission and this never runs.

/** What the early pop-up says; the form itself comes from the form's page. */
const EARLY_POPUP_TEXT = {
  close: 'Close',
  opening: 'Opening the form…',
  failed: 'The form could not be opened here.',
  asPage: 'Open the form as a page',
};

/**
 * Runs in the page as written: plain ES2017, no dependencies, no comments inside. The dialog is
 * the body's last child, outside every element React hydrates (each area has its own root). Styles are set through the CSSOM, which the
 * page's style policy allows (no style attribute is parsed). The form page's stylesheets are
 * linked too, so the form looks as it does there once they arrive.
 */
function answerEarlyPopups(text) {
  const doc = document;
  const element = (name, content) => {
    const node = doc.createElement(name);
    if (content) node.textContent = content;
    return node;
  };
  const linkStylesheets = (page) => {
    for (const link of page.querySelectorAll('link[rel="stylesheet"]')) {
      if (!doc.querySelector('link[rel="stylesheet"][href="' + link.getAttribute('href') + '"]'))
        doc.head.appendChild(doc.importNode(link, true));
    }
  };
  const open = (form, submitter) => {
    const address = form.getAttribute('action') + '?' + new URLSearchParams(new FormData(form)).toString();
    const dialog = element('dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-labelledby', 'wpc-early-popup-title');
    dialog.dataset.earlyPopup = '';
    Object.assign(dialog.style, {
      width: 'min(36rem, calc(100% - 2rem))',
      maxHeight: 'calc(100% - 2rem)',
      padding: '1rem',
    });
    const close = element('button', text.close);
    close.type = 'button';
    Object.assign(close.style, { float: 'right', minWidth: '44px', minHeight: '44px' });
    close.addEventListener('click', () => dialog.close());
    const title = element('h2', submitter.textContent);
    title.id = 'wpc-early-popup-title';
    const status = element('p', text.opening);
    status.setAttribute('role', 'status');
    dialog.append(close, title, status);
    dialog.addEventListener('close', () => dialog.remove());
    doc.body.appendChild(dialog);
    dialog.showModal();
    fetch(address, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((html) => {
        const page = new DOMParser().parseFromString(html, 'text/html');
        const pageForm = page.querySelector('main form[method="post"]');
        if (!pageForm) throw new Error('no form');
        linkStylesheets(page);
        const heading = page.querySelector('main h1');
        if (heading) title.textContent = heading.textContent;
        status.replaceWith(doc.importNode(pageForm, true));
      })
      .catch(() => {
        status.textContent = text.failed + ' ';
        const link = element('a', text.asPage);
        link.href = address;
        status.appendChild(link);
      });
  };
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    const submitter = event.submitter;
    if (event.defaultPrevented || !submitter || submitter.getAttribute('aria-haspopup') !== 'dialog') return;
    if (form.method !== 'get' || !/^\/forms\/[a-z-]+$/i.test(form.getAttribute('action') || '')) return;
    event.preventDefault();
    open(form, submitter);
  });
}

const EARLY_POPUPS_SCRIPT = `(${answerEarlyPopups})(${JSON.stringify(EARLY_POPUP_TEXT)})`;

module.exports = { EARLY_POPUP_TEXT, EARLY_POPUPS_SCRIPT };
