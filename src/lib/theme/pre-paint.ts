import { LANGUAGE_COOKIE } from '../../i18n/languages.ts';
import { holdUnhydratedForms } from '../client/hold-unhydrated-forms.ts';
import { applyTheme } from './apply-theme.ts';

let script: string | undefined;

/**
 * The blocking script BaseLayout puts in <head>: applies the stored theme before first paint,
 * keeps the `lang` cookie in step with the language stored in the browser, and holds the submit
 * of a form whose island has not hydrated (hold-unhydrated-forms.ts). One string per build,
 * so the middleware can allow it in the Content-Security-Policy by its hash.
 */
export function prePaintScript(): string {
  script ??=
    `(${applyTheme.toString()})((function(){try{return JSON.parse(localStorage.getItem('theme')||'{}')}catch(e){return {}}})(),document.documentElement);` +
    `(${holdUnhydratedForms.toString()})(document);` +
    `(function(){try{var l=localStorage.getItem('lang');if((l==='es'||l==='en')&&l!==document.documentElement.lang&&document.cookie.indexOf('${LANGUAGE_COOKIE}=')<0){document.cookie='${LANGUAGE_COOKIE}='+l+'; Path=/; Max-Age=31536000; SameSite=Lax';location.reload()}}catch(e){}})();`;
  return script;
}
