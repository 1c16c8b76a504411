import { LIST_NAMES, type UpdateListId } from '@wpc/shared/updates';
import { UPDATES_ARCHIVE } from '@wpc/shared/updates/archive';
import type { OutgoingMail } from '../mail/transport';
import { UPDATE_LINK_UTM } from '../impact/visit';
import { confirmLink, ONE_CLICK_BODY, oneClickLink, preferencesLink, unsubscribeMailto, webVersionLink } from './links';
import { escapeHtml } from '../notify/message';
import { renderBody, type RenderedBody } from './render';
import type { UpdatesConfig } from '../config/updates';

export interface MessageSettings {
  readonly siteOrigin: string;
  readonly updates: UpdatesConfig;
}

const listNames = (lists: readonly UpdateListId[]) => lists.map((list) => LIST_NAMES[list]).join(' and ');

/** The one email an address gets before it confirms: a link to the page with the Confirm button. */
export function confirmationMail(
  to: string,
  token: string,
  lists: readonly UpdateListId[],
  messageId: string,
  settings: MessageSettings,
): OutgoingMail {
  const link = confirmLink(settings.siteOrigin, token);
  const names = listNames(lists);
  const text = [
    `Someone, we hope you, asked the Wildfire Prevention Consortium to send ${names} to this address.`,
    '',
    `To start receiving them, open this link and press Confirm (it works for 7 days):`,
    link,
    '',
    'If you did not ask for this, ignore this email: nothing will be sent to you.',
    '',
    settings.updates.postalAddress,
  ].join('\n');
  const html =
    `<p>Someone, we hope you, asked the Wildfire Prevention Consortium to send ${escapeHtml(names)} to this address.</p>` +
    `<p>To start receiving them, open this link and press Confirm (it works for 7 days):</p>` +
    `<p><a href="${escapeHtml(link)}">Confirm your subscription</a></p>` +
    '<p>If you did not ask for this, ignore this email: nothing will be sent to you.</p>' +
    `<p>${escapeHtml(settings.updates.postalAddress)}</p>`;
  return {
    to: [to],
    subject: 'Please confirm: updates from the Wildfire Prevention Consortium',
    text,
    html,
    messageId,
  };
}

export interface UpdateContent {
  readonly id: string;
  readonly subject: string;
  readonly list: UpdateListId;
  readonly body: RenderedBody;
  /** Its page in the public archive (archive.ts): the email's web version. */
  readonly path: string;
}

export const renderUpdate = (
  update: { id: string; subject: string; list: UpdateListId; body: string },
  path: string,
): UpdateContent => ({
  id: update.id,
  subject: update.subject,
  list: update.list,
  body: renderBody(update.body),
  path,
});

/** A link to the site with the update's campaign (issue 40): the update's id, nothing personal. */
function withCampaign(url: string, updateId: string): string {
  const link = new URL(url);
  link.searchParams.set('utm_source', UPDATE_LINK_UTM.source);
  link.searchParams.set('utm_medium', UPDATE_LINK_UTM.medium);
  link.searchParams.set('utm_campaign', updateId);
  return link.toString();
}

/** Every link to the site in a body (HTML with &amp; in its hrefs, or text) carries the campaign. */
function campaignLinks(content: string, origin: string, updateId: string, html: boolean): string {
  const escaped = origin.replace(/[.*+?^$()|[\]\\/{}]/g, '\\$&');
  const site = new RegExp(`${escaped}(?:[/?#][^\\s"'<>)]*)?`, 'g');
  return content.replace(site, (match) => {
    // A sentence's full stop after a bare address is not part of it.
    const [, url = match, after = ''] = /^(.*?)([.,;:!?]*)$/.exec(match) ?? [];
    const linked = html
      ? escapeHtml(withCampaign(url.replaceAll('&amp;', '&'), updateId))
      : withCampaign(url, updateId);
    return linked + after;
  });
}

/**
 * One update to one recipient: the body, then a footer with why they get it, the web version,
 * their preferences link and the postal address; List-Unsubscribe (https and mailto) with one-click
 * (RFC 8058). No tracking: no pixel, nothing per recipient but their own links; the links to the
 * site in the body and the web version carry the update's id as utm_campaign, the same for all.
 */
export function updateMail(
  update: UpdateContent,
  recipient: { readonly email: string; readonly token: string },
  messageId: string,
  settings: MessageSettings,
): OutgoingMail {
  const origin = settings.siteOrigin;
  const preferences = preferencesLink(origin, recipient.token);
  const web = withCampaign(webVersionLink(origin, update.path), update.id);
  const body = {
    text: campaignLinks(update.body.text, origin, update.id, false),
    html: campaignLinks(update.body.html, origin, update.id, true),
  };
  const listName = LIST_NAMES[update.list];
  const host = new URL(origin).hostname;
  const text = [
    body.text,
    '',
    '--',
    `You receive ${listName} from the Wildfire Prevention Consortium because you asked for them and confirmed.`,
    `Read it on the web: ${web}`,
    `Choose your lists or leave: ${preferences}`,
    settings.updates.postalAddress,
  ].join('\n');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(update.subject)}</title></head><body>` +
    `<div>${body.html}</div><hr>` +
    `<p>You receive ${escapeHtml(listName)} from the Wildfire Prevention Consortium because you asked for them and confirmed.</p>` +
    `<p><a href="${escapeHtml(web)}">Read it on the web</a> · <a href="${escapeHtml(preferences)}">Choose your lists or leave</a></p>` +
    `<p>${escapeHtml(settings.updates.postalAddress)}</p></body></html>`;
  return {
    to: [recipient.email],
    subject: update.subject,
    text,
    html,
    messageId,
    headers: {
      'List-Id': `${listName} <${update.list}.updates.${host}>`,
      'List-Unsubscribe': `<${oneClickLink(origin, recipient.token, update.list)}>, <${unsubscribeMailto(settings.updates.unsubscribeAddress, recipient.token, update.list)}>`,
      'List-Unsubscribe-Post': ONE_CLICK_BODY,
      'List-Archive': `<${origin}${UPDATES_ARCHIVE}>`,
      Precedence: 'bulk',
      'Auto-Submitted': 'auto-generated',
    },
  };
}
