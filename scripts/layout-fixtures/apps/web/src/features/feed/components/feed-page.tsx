// web-features-below-app
import { router } from '../../../app/router.ts';

export const feedPage = router;
