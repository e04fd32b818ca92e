import { defineError } from '../../http/errors.js';

export const annotationNotFound = defineError(404, undefined, 'Annotation not found');
export const emptyText = defineError(400, undefined, 'text field should not be empty');
export const dashboardNotFound = defineError(404, undefined, 'Dashboard not found');
export const annotationIdInvalid = defineError(400, undefined, 'annotationId is invalid');
export const tagTooLong = defineError(400, undefined, 'Annotation tag is too long');
export const tagsTooLong = defineError(400, undefined, 'Annotation tags are too long');
