import { answers } from '../components/thread/answer-list.tsx';

export const tickets = answers;
