import { Mail } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { CONTACT_EMAIL } from '@/config/paths';

export function ContactButton({ className }: { className?: string }) {
  return (
    <a
      href={`mailto:${CONTACT_EMAIL}`}
      className={buttonClasses({ variant: 'secondary', size: 'lg', className })}
    >
      <Mail className="size-5" aria-hidden />
      Contact Us
    </a>
  );
}
