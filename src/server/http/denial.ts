import type { Authority, Action, Resource } from '../../domain/permissions/permissions.ts';
import { ACTION_VERBS, RESOURCE_LABELS } from '../../domain/permissions/labels.ts';
import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { AppError } from './app-error.ts';

/** 403 naming what is missing: "You do not have permission to delete departments." */
export function denial(authority: Authority, lang: Language): AppError {
  const [resource, action] = authority.split('.') as [Resource, Action];
  return new AppError('errors.denied', 403, {
    action: translate(lang, ACTION_VERBS[action]),
    things: translate(lang, RESOURCE_LABELS[resource]).toLocaleLowerCase(lang),
  });
}
