import { tagTooLong, tagsTooLong } from './annotations.errors.js';

/** A tag as stored: Grafana splits `key:value` and matches keys and values separately. */
export interface TagPair {
  key: string;
  value: string;
}

/** The storage limit of a key and of a value, and Grafana's default total ([annotations] tags_length). */
const MAX_TAG_PART = 100;
export const MAX_TAGS_LENGTH = 500;

/**
 * Grafana's ParseTagPairs: `key:value` (split at the first `:`) or a bare key, spaces trimmed
 * around both; tags without a key are dropped, duplicates kept once.
 */
export function parseTags(tags: readonly string[]): TagPair[] {
  const seen = new Set<string>();
  const pairs: TagPair[] = [];
  for (const tag of tags) {
    const at = tag.indexOf(':');
    const key = (at < 0 ? tag : tag.slice(0, at)).trim();
    const value = at < 0 ? '' : tag.slice(at + 1).trim();
    if (key === '') continue;
    const joined = joinTag({ key, value });
    if (seen.has(joined)) continue;
    seen.add(joined);
    pairs.push({ key, value });
  }
  return pairs;
}

export function joinTag(pair: TagPair): string {
  return pair.value === '' ? pair.key : `${pair.key}:${pair.value}`;
}

/** Tags to store: 400 when a key or value is longer than a tag column or all together too long. */
export function validTags(tags: readonly string[]): TagPair[] {
  const pairs = parseTags(tags);
  for (const pair of pairs) {
    if (pair.key.length > MAX_TAG_PART || pair.value.length > MAX_TAG_PART) {
      throw tagTooLong(
        `Annotation tag "${joinTag(pair).slice(0, 40)}…" is too long: a key and a value may have at most ${MAX_TAG_PART} characters each`,
      );
    }
  }
  const total = pairs.reduce((sum, pair) => sum + joinTag(pair).length, 0);
  if (total > MAX_TAGS_LENGTH) {
    throw tagsTooLong(`Tags length (${total}) exceeds the maximum allowed (${MAX_TAGS_LENGTH})`);
  }
  return pairs;
}
