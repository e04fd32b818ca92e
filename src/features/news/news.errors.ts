import { defineError } from '../../http/errors.js';

/** The URL itself is unusable: not http(s), not a URL, or a host svc will not connect to. */
export const feedUrlInvalid = defineError(400, 'news.invalid-url', 'Invalid feed URL');
/** The feed could not be had or read: the message says why (unreachable, not a feed, too large). */
export const feedUnavailable = defineError(502, 'news.feed-unavailable', 'Feed unreachable');
