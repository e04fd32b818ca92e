import { slugify } from '../dashboard-model.js';

export const folderUrl = (uid: string, title: string) => `/dashboards/f/${uid}/${slugify(title)}`;
