import { defineError } from '../../http/errors.js';

export const annotationNotFound = defineError(404, 'annotation.not-found', 'Annotation not found');
export const emptyText = defineError(400, 'annotation.empty-text', 'text field should not be empty');
export const dashboardNotFound = defineError(404, 'dashboard.not-found', 'Dashboard not found');
export const annotationIdInvalid = defineError(400, 'annotation.invalid-id', 'annotationId is invalid');
export const tagTooLong = defineError(400, 'annotation.tag-too-long', 'Annotation tag is too long');
export const tagsTooLong = defineError(400, 'annotation.tags-too-long', 'Annotation tags are too long');
