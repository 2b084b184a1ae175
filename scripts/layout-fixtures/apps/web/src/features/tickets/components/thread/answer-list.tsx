// features-apart, three folders deep (the depth a path pattern of relative imports misses)
import { feed } from '../../../feed/api/feed.ts';

export const answers = feed;
