import type { EgressGuard } from '../datasources/plugins/index.js';
import { feedUnavailable, feedUrlInvalid } from './news.errors.js';

/** A feed is a page of headlines: 1 MB is far more than any real one, and bounds what svc buffers. */
export const MAX_FEED_BYTES = 1024 * 1024;
const TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 5;

const unreachable = (url: URL, reason: string) => feedUnavailable(`Feed unreachable: ${url.href}: ${reason}`);

/**
 * The feed's text. Redirects are followed here so that each hop passes the egress check (fetch
 * would follow one to a metadata address unasked); the whole exchange has one 5 s deadline.
 */
export async function fetchFeed(url: URL, egress: EgressGuard): Promise<string> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let target = url;
  for (let redirects = 0; ; redirects++) {
    const refusal = await egress.refusal(target);
    if (refusal) {
      if (redirects === 0) throw feedUrlInvalid(`Invalid feed URL: ${refusal}`);
      throw unreachable(url, `redirected to a refused address: ${refusal}`);
    }
    let response: Response;
    try {
      response = await fetch(target, {
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      throw unreachable(url, transportReason(error, signal));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status <= 399 && location) {
      await response.body?.cancel();
      if (redirects === MAX_REDIRECTS) throw unreachable(url, `more than ${MAX_REDIRECTS} redirects`);
      target = new URL(location, target);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw unreachable(url, `redirected to a non-http URL`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unreachable(url, `the server answered HTTP ${response.status}`);
    }
    return readCapped(response, url, signal);
  }
}

/** The body as text, refused as soon as it passes MAX_FEED_BYTES (declared or streamed). */
async function readCapped(response: Response, url: URL, signal: AbortSignal): Promise<string> {
  const tooLarge = () => unreachable(url, `the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    let part: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>> | undefined;
    try {
      part = await reader?.read();
    } catch (error) {
      throw unreachable(url, transportReason(error, signal));
    }
    if (!part || part.done) break;
    size += part.value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** fetch's "fetch failed" says nothing; the cause (ECONNREFUSED, ENOTFOUND, …) does. */
function transportReason(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
