// server-uses-no-react
import { createElement } from 'react';

export const page = createElement;
