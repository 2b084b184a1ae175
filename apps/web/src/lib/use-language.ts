import { DEFAULT_LANGUAGE, type Language } from '@portal/contract';
import { useParams } from 'react-router';
import { isLanguage } from './language';

/** The language of the current URL prefix (the `/:lang` route validates it before anything renders). */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
