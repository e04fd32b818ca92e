import { defineError } from '../../../http/errors.js';

export const searchFailed = defineError(500, 'search.failed', 'Search failed');
export const badSort = defineError(400, 'search.invalid-sort', 'Invalid sort option');
