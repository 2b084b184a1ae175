export const feed = 'the feed feature';
