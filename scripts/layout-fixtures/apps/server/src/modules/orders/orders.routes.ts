// server-modules-know-no-plugins
import { authenticate } from '../../plugins/authenticate.ts';

export const routes = authenticate;
