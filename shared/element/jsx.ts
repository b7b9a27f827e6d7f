import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { optionAttributes } from '../options/attributes';

type OptionAttributeName = (typeof optionAttributes)[number]['attribute'];

/** JSX typing of an fe-element for React hosts: HTML attributes, every option attribute, and its own ones. */
export type FeElementJsx<Own extends object = object> = DetailedHTMLProps<
  HTMLAttributes<HTMLElement>,
  HTMLElement
> &
  Partial<Record<OptionAttributeName | 'app', string | boolean>> &
  Own;
