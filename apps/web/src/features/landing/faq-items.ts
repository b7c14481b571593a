/** The six questions of SPEC.md section 2, shared by the landing page and /home/faq. */
export const FAQ_ITEMS: readonly { question: string; answer: string }[] = [
  {
    question: 'Do I have to pay for a subscription?',
    answer:
      'No. Wellspring is free to use: there is no subscription, and every feature is open to you from the first day.',
  },
  {
    question: 'Where can I find my diary entries?',
    answer:
      'Every entry you write is kept on the My Diary page, newest first. Select a card to read that day again.',
  },
  {
    question: 'Is my data safe?',
    answer:
      'Your moods, diary and tasks belong to your account alone. Every request is checked against your sign-in, your diary is never shown to anyone else, and we never sell or share your data.',
  },
  {
    question: "What if I don't like the task I'm given?",
    answer:
      'Press the Shuffle button on the Task page to swap it for another task that suits your mood. Shuffle as often as you like.',
  },
  {
    question: 'Do I need an internet connection?',
    answer:
      'Yes. Wellspring saves your moods, diary and points to your account as you go, so it needs an internet connection to work.',
  },
  {
    question: 'Can I take on several tasks at once?',
    answer:
      'Yes. Use Add Task on the Task page to accept another task; each one stays in your list until you complete or discard it.',
  },
];
