import { Slot } from 'radix-ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

describe('Button asChild', () => {
  it('draws its child with the button look, exactly as Radix Slot did', () => {
    const cases = [
      <a key="plain" href="/auth">
        Join
      </a>,
      <a key="own-class" href="/x" className="w-full" aria-label="Open" data-testid="go" style={{ color: 'red' }}>
        <span>Go</span>
      </a>,
    ];
    for (const child of cases) {
      const ours = renderToStaticMarkup(
        <Button asChild variant="gold" size="lg" className="mt-2" title="t" style={{ margin: 1 }}>
          {child}
        </Button>,
      );
      const radix = renderToStaticMarkup(
        <Slot.Root className={`${buttonClasses('gold', 'lg')} mt-2`} title="t" style={{ margin: 1 }}>
          {child}
        </Slot.Root>,
      );
      expect(ours).toBe(radix);
    }
  });

  it("runs the child's handler, then the button's, as Radix Slot does", () => {
    const calls: string[] = [];
    type Element = { type: (props: unknown) => Element; props: Record<string, unknown> };
    const slot = Button({
      asChild: true,
      onClick: () => calls.push('button'),
      children: (
        <a href="/x" onClick={() => calls.push('child')}>
          Go
        </a>
      ),
    }) as unknown as Element;
    const drawn = slot.type(slot.props);
    (drawn.props.onClick as () => void)();
    expect(calls).toEqual(['child', 'button']);
  });
});
