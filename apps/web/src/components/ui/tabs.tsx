import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
  useId,
  useRef,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { useScrollStrip } from '../../lib/use-scroll-strip.ts';

/**
 * Tabs as WAI-ARIA's tabs pattern has them, and as Radix's drew them before (the same roles, ids, states
 * and keys): the arrows, Home and End move between the tabs and choose the one they reach, Tab leaves the
 * strip for the chosen panel, and only the chosen panel is drawn. Written here because the community
 * page's first view needs them and Radix's (about 10 kB gzip with its focus and presence machinery) was
 * most of what that view still downloaded beyond the app itself.
 */

interface TabsState {
  value: string;
  choose: (value: string) => void;
  idOf: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts belong inside <Tabs>');
  return state;
}

interface TabsProps {
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}

export function Tabs({ value, onValueChange, className, children }: TabsProps) {
  const base = useId();
  const state: TabsState = {
    value,
    choose: (next) => {
      if (next !== value) onValueChange(next);
    },
    idOf: (part, tab) => `${base}-${part}-${tab}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" className={className}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The tab strip: on a narrow screen it scrolls, keeps the active tab in view and fades where more wait. */
export function TabsList({ className, style, onKeyDown, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  const fade = useScrollStrip(ref, '[role="tab"][data-state="active"]');
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = MOVES[event.key];
    if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const at = tabs.indexOf(event.target as HTMLButtonElement);
    if (at === -1 || tabs.length === 0) return;
    event.preventDefault();
    // Focus chooses it (TabsTrigger's onFocus): the panel follows the focus, as Radix's default did.
    tabs[step(at, tabs.length)]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      style={{ ...fade, ...style }}
      className={cn('flex gap-1 overflow-x-auto rounded-[var(--radius-control)] bg-moon-100 p-1', className)}
      onKeyDown={move}
      {...props}
      ref={ref}
    />
  );
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('trigger', value)}
      aria-selected={active}
      aria-controls={tabs.idOf('content', value)}
      data-state={active ? 'active' : 'inactive'}
      // One stop in the tab order: the chosen tab; the arrows reach the others.
      tabIndex={active ? 0 : -1}
      className={cn(
        'shrink-0 rounded-[calc(var(--radius-control)-4px)] px-3.5 py-2 text-sm font-medium text-ink-muted pointer-coarse:min-h-11',
        'data-[state=active]:bg-white data-[state=active]:text-night-900 data-[state=active]:shadow-card',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // The main button without Ctrl chooses at once (a Ctrl-click is a context menu on a Mac).
        if (event.button === 0 && !event.ctrlKey) tabs.choose(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' || event.key === ' ') tabs.choose(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.choose(value);
      }}
      {...props}
    />
  );
}

interface TabsContentProps extends Omit<ComponentProps<'div'>, 'value'> {
  value: string;
}

/** The chosen tab's panel; the others are not drawn. */
export function TabsContent({ value, children, ...props }: TabsContentProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('content', value)}
      aria-labelledby={tabs.idOf('trigger', value)}
      data-state="active"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern: Tab from the strip reaches the panel
      tabIndex={0}
      {...props}
    >
      {children}
    </div>
  );
}
