import * as v from 'valibot';

/** PUT /api/guide: hide the guide (true) or show it again (false). */
export const GuideUpdate = v.object({ dismissed: v.boolean('validation.required') }, 'validation.required');
