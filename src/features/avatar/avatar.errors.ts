import { defineError } from '../../http/errors.js';

export const avatarNotFound = defineError(404, 'avatar.not-found', 'Avatar not found');
