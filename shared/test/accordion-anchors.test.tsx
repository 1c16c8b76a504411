import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion, type AccordionItem } from '@wpc/shared/ui';

const items: readonly AccordionItem[] = [
  { id: 'first-question', question: 'First?', answer: 'One.' },
  { id: 'second-question', question: 'Second?', answer: 'Two.' },
];

describe('Accordion anchors and controlled use', () => {
  it('gives each item its anchor id', () => {
    render(<Accordion items={items} />);
    expect(document.getElementById('first-question')).toContainElement(screen.getByRole('button', { name: 'First?' }));
    expect(document.getElementById('second-question')).toContainElement(
      screen.getByRole('button', { name: 'Second?' }),
    );
  });

  it('follows openItems and reports each toggle, items staying independent', async () => {
    const user = userEvent.setup();
    const toggles: [number, boolean][] = [];
    function Controlled() {
      const [open, setOpen] = useState<readonly boolean[]>([false, true]);
      return (
        <Accordion
          items={items}
          openItems={open}
          onToggle={(index, isOpen) => {
            toggles.push([index, isOpen]);
            setOpen((current) => current.map((value, i) => (i === index ? isOpen : value)));
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('button', { name: 'First?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Second?' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'First?' }));
    await user.click(screen.getByRole('button', { name: 'Second?' }));
    expect(toggles).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(screen.getByRole('button', { name: 'First?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Second?' })).toHaveAttribute('aria-expanded', 'false');
  });
});
