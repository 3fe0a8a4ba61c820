// Requests that are not a borrower opening a page: a HEAD (a link checker, a proxy's probe) and the
// link previewers of the apps campaigns are sent through (Messenger, WhatsApp, Viber, Telegram...).
// The server does not draw for them. Its draw answers the page's sources, and a landing's sources
// count a visit and open a captcha session: a preview of an SMS or a chat message is neither, and
// it inflated the campaigns' visit counts. They get the page the phone draws, whose JavaScript
// they do not run. Search engines are not among them: a drawn official site is what they should
// index, and they run the page's JavaScript (and its sources) anyway.
import type { FastifyRequest } from 'fastify';

/**
 * The previewers' own user agents (not their apps' in-app browsers, which are people). Viber's
 * is not listed: its previewer's agent could not be told from its in-app browser's here.
 */
const PREVIEWERS =
  /facebookexternalhit|facebookcatalog|meta-externalagent|Facebot|WhatsApp\/|TelegramBot|Twitterbot|Slackbot|LinkedInBot|Discordbot|SkypeUriPreview|Pinterestbot|redditbot|Embedly|Iframely|vkShare/i;

export function isPreview(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  if (request.method === 'HEAD') return true;
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && PREVIEWERS.test(agent);
}
