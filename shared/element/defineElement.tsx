import r2wc from '@r2wc/react-to-web-component';
import { useEffect, type ComponentType } from 'react';
import { optionAttributes, parseOptionAttribute, validOptions } from '../options/attributes';
import type { HostOptionsInput } from '../options/options';
import { hostOptionsInputAtom, setOptionsAtom } from '../options/options.atoms';
import { startApp } from '../options/start';
import { store } from '../store';
import { ElementRoot } from './ElementRoot';
import { registerThemeSetter } from './themeSetter';

/** Element-specific attributes, passed to the component as props (strings parsed by our code). */
export type ElementAttributes<P> = { [K in keyof P]?: 'string' | 'boolean' };

/** Props every element component receives from its custom element. */
export interface ElementBaseProps {
  /** The element's shadow root. */
  container: ShadowRoot;
}

interface R2wcElement extends HTMLElement {
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
  connectedCallback(): void;
}
interface R2wcElementClass {
  new (): R2wcElement;
  readonly observedAttributes: string[];
}

const optionAttributeNames = new Set(optionAttributes.map((a) => a.attribute));
/** Every option is also an element property: objects (theme, localizations, ...) are best set this way. */
const optionProperties = [...new Set(optionAttributes.map((a) => a.option))];

/**
 * Builds the custom-element class of a React component: open shadow root, the page store, the theme,
 * option attributes (any element can set page options) and option properties.
 */
export function createElementClass<P extends object>(
  tag: string,
  Component: ComponentType<P & ElementBaseProps>,
  attributes: ElementAttributes<P> = {},
): CustomElementConstructor {
  const Inner = Component as ComponentType<ElementBaseProps>;
  function Root(props: P & ElementBaseProps & { app?: string }) {
    useEffect(() => {
      registerThemeSetter();
      startApp();
    }, []);
    return (
      <ElementRoot container={props.container} tag={tag} app={props.app}>
        <Inner {...props} />
      </ElementRoot>
    );
  }
  const Base = r2wc(Root, {
    shadow: 'open',
    props: { app: 'string', ...attributes } as Record<string, 'string' | 'boolean'>,
  }) as unknown as R2wcElementClass;

  class FeElement extends Base {
    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...optionAttributeNames];
    }

    override connectedCallback(): void {
      // Properties set before the element was defined shadow our accessors: move them through them.
      for (const key of optionProperties) {
        if (Object.prototype.hasOwnProperty.call(this, key)) {
          const value = (this as Record<string, unknown>)[key];
          delete (this as Record<string, unknown>)[key];
          (this as Record<string, unknown>)[key] = value;
        }
      }
      super.connectedCallback();
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      // Browsers hide a nonce attribute under a CSP header (the attribute reads ''): the property keeps it.
      if (name === 'nonce' && value !== null) value = this.nonce || value;
      const parsed = parseOptionAttribute(name, value);
      if (!parsed) return super.attributeChangedCallback(name, oldValue, value);
      if ('invalid' in parsed) {
        console.error(
          `[fe-elements] <${tag}> attribute "${name}": ${parsed.invalid}; the previous value is kept`,
        );
        return;
      }
      store.set(
        setOptionsAtom,
        validOptions({ [parsed.option]: parsed.value }, `<${tag}> attribute "${name}"`),
      );
    }
  }
  for (const key of optionProperties) {
    Object.defineProperty(FeElement.prototype, key, {
      configurable: true,
      enumerable: true,
      get: () => store.get(hostOptionsInputAtom)[key],
      set: (value: unknown) =>
        store.set(
          setOptionsAtom,
          validOptions({ [key]: value } as HostOptionsInput, `<${tag}> property "${key}"`),
        ),
    });
  }
  return FeElement;
}

/** Registers a tag once; a second registration (a second script on the page) warns and keeps the first. */
export function defineElement(tag: string, elementClass: CustomElementConstructor): void {
  if (customElements.get(tag)) {
    console.warn(`[fe-elements] <${tag}> is already defined; keeping the first definition`);
    return;
  }
  customElements.define(tag, elementClass);
}
