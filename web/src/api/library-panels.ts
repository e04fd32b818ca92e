/** Library panels: panel models kept once (`/api/library-elements`) and named by dashboards. */
import type { Static } from '@fastify/type-provider-typebox';
import type { ElementDto } from '../../../src/features/library-panels/library-panels.schema.js';
import type { Panel } from '../lib/model.js';
import { get, post, query, seg } from './client.js';

export type LibraryElement = Static<typeof ElementDto>;

export const libraryElementByUid = (uid: string, signal?: AbortSignal) =>
  get<{ result: LibraryElement }>(`/api/library-elements/${seg(uid)}`, signal).then((r) => r.result);

export const createLibraryPanel = (body: { name: string; folderUid: string; model: Panel }) =>
  post<{ result: LibraryElement }>('/api/library-elements', { ...body, kind: 1 }).then((r) => r.result);

/** Library panels whose name or description contains `search`, by name (first 50). */
export const searchLibraryPanels = (search: string, signal?: AbortSignal) =>
  get<{ result: { elements: LibraryElement[] } }>(
    `/api/library-elements${query({ searchString: search || undefined, kind: 1, perPage: 50 })}`,
    signal,
  ).then((r) => r.result.elements);
