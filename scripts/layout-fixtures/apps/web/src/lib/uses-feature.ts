// web-shared-code-below-features
import { feed } from '../features/feed/api/feed.ts';

export const sharedFeed = feed;
