import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { parseId } from '../../lib/route-params';
import { useLanguage } from '../../lib/use-language';

/**
 * /users/{id}: the user page under /settings. Loaded on use like a screen: reading the id loads zod,
 * which the login page does without.
 */
export default function UserRedirect() {
  const lang = useLanguage();
  const id = parseId(useParams().id);
  return <Navigate replace to={id === null ? paths.users.getHref(lang) : paths.user.getHref(lang, id)} />;
}
