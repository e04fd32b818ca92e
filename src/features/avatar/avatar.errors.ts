import { defineError } from '../../http/errors.js';

export const avatarNotFound = defineError(404, undefined, 'Avatar not found');
