import type { Mood } from '@wellspring/shared';

/** One written wellness task of the catalogue; `slug` is its stable identity across seeds. */
export interface CatalogueTask {
  slug: string;
  title: string;
  description: string;
  mood: Exclude<Mood, 'Unknown'>;
  points: number;
}

/** The task catalogue: small real acts of self-care, at least 20 for each mood. */
export const TASK_CATALOGUE: readonly CatalogueTask[] = [
  // Ecstatic: channel the energy into sharing, helping, creating and moving.
  {
    slug: 'ecstatic-share-good-news',
    title: 'Share your good news with someone',
    description:
      'Call or message someone who will be glad for you and tell them what made today bright. Joy grows when it is shared.',
    mood: 'Ecstatic',
    points: 1500,
  },
  {
    slug: 'ecstatic-write-thank-you-note',
    title: 'Write a thank-you note',
    description:
      'Write a short note to someone who helped you get here and send it today. A few honest lines are plenty.',
    mood: 'Ecstatic',
    points: 2000,
  },
  {
    slug: 'ecstatic-capture-the-moment',
    title: 'Capture this moment in writing',
    description:
      'Write a few lines about what made today feel so good. On a harder day, you will be glad to read them again.',
    mood: 'Ecstatic',
    points: 1000,
  },
  {
    slug: 'ecstatic-pause-with-water',
    title: 'Pause for a glass of water',
    description:
      'Big energy is wonderful, and your body still needs care. Pour a glass of water and take five slow breaths as you drink it.',
    mood: 'Ecstatic',
    points: 1000,
  },
  {
    slug: 'ecstatic-dance-to-three-songs',
    title: 'Dance to three favorite songs',
    description:
      'Put on three songs that make you feel unstoppable and dance like nobody is watching. Your living room is a fine dance floor.',
    mood: 'Ecstatic',
    points: 1500,
  },
  {
    slug: 'ecstatic-give-three-compliments',
    title: 'Give three sincere compliments',
    description:
      'Tell three people something you genuinely appreciate about them. Be specific, and enjoy watching their faces light up.',
    mood: 'Ecstatic',
    points: 1500,
  },
  {
    slug: 'ecstatic-set-a-monthly-goal',
    title: 'Write down one goal for the month',
    description:
      "Turn today's optimism into one clear, small goal for the next four weeks. Write the very first step right next to it.",
    mood: 'Ecstatic',
    points: 1500,
  },
  {
    slug: 'ecstatic-evening-stretch',
    title: 'Wind down with ten minutes of stretching',
    description:
      'Big days deserve a gentle landing. Before bed, stretch slowly for ten minutes and let your body settle.',
    mood: 'Ecstatic',
    points: 1500,
  },
  {
    slug: 'ecstatic-reconnect-old-friend',
    title: 'Reconnect with an old friend',
    description:
      'Reach out to someone you have lost touch with and suggest a call or a coffee. Your good mood makes a great opening line.',
    mood: 'Ecstatic',
    points: 2000,
  },
  {
    slug: 'ecstatic-surprise-someone',
    title: 'Surprise someone with a small treat',
    description:
      'Leave a coffee, a flower or a handwritten card for someone who could use a lift. Keep it simple and kind.',
    mood: 'Ecstatic',
    points: 2000,
  },
  {
    slug: 'ecstatic-plan-an-adventure',
    title: 'Plan a small adventure',
    description:
      'Pick a day trip, a hike or a new place to eat and put a date on the calendar. Future you will thank you for the spark.',
    mood: 'Ecstatic',
    points: 2500,
  },
  {
    slug: 'ecstatic-photo-walk',
    title: 'Go on a photo walk',
    description:
      'Take your phone or camera outside for 30 minutes and photograph things that delight you. Colors, shadows and tiny details all count.',
    mood: 'Ecstatic',
    points: 2500,
  },
  {
    slug: 'ecstatic-help-a-neighbor',
    title: 'Offer a neighbor a helping hand',
    description:
      'Carry groceries, water plants or simply ask a neighbor if they need anything this week. A small favor goes a long way.',
    mood: 'Ecstatic',
    points: 3000,
  },
  {
    slug: 'ecstatic-learn-something-new',
    title: 'Learn something new for 30 minutes',
    description:
      'Pick something you are curious about, like a phrase in a new language, a recipe or a guitar chord, and give it half an hour of playful practice.',
    mood: 'Ecstatic',
    points: 3000,
  },
  {
    slug: 'ecstatic-finish-a-put-off-task',
    title: 'Finish a task you have been putting off',
    description:
      'Use this burst of energy to finish one thing that has been waiting, like a form, a small repair or a phone call. Then celebrate.',
    mood: 'Ecstatic',
    points: 3000,
  },
  {
    slug: 'ecstatic-start-creative-project',
    title: 'Start a creative project',
    description:
      "Spend 30 minutes sketching, writing, building or making music. Use today's energy to begin something you have been dreaming about.",
    mood: 'Ecstatic',
    points: 3500,
  },
  {
    slug: 'ecstatic-refresh-a-room',
    title: 'Give one room a refresh',
    description:
      'Put on upbeat music and spend 30 minutes tidying and rearranging one room. A fresh space helps carry the good feeling forward.',
    mood: 'Ecstatic',
    points: 3500,
  },
  {
    slug: 'ecstatic-invite-friends-over',
    title: 'Invite friends over',
    description:
      'Invite a few friends for tea, a game night or a picnic this week. Bringing people together is a lovely use of good spirits.',
    mood: 'Ecstatic',
    points: 3500,
  },
  {
    slug: 'ecstatic-long-walk-somewhere-new',
    title: 'Take a long walk somewhere new',
    description:
      'Spend 45 minutes walking a route you have never tried. Let your good energy set the pace and notice what you find along the way.',
    mood: 'Ecstatic',
    points: 4000,
  },
  {
    slug: 'ecstatic-donate-unused-things',
    title: 'Give away things you no longer need',
    description:
      'Gather a bag of clothes, books or kitchen items in good shape and drop it at a donation center. Someone else will love them.',
    mood: 'Ecstatic',
    points: 4000,
  },
  {
    slug: 'ecstatic-cook-for-someone',
    title: 'Cook a meal for someone',
    description:
      'Make a simple dish and share it with a friend, roommate or family member. Good food tastes even better together.',
    mood: 'Ecstatic',
    points: 4500,
  },
  {
    slug: 'ecstatic-bike-ride',
    title: 'Go for a bike ride',
    description:
      'Ride for 30 to 60 minutes along a route you enjoy. Feel the air on your face and let your good mood carry you.',
    mood: 'Ecstatic',
    points: 4500,
  },
  {
    slug: 'ecstatic-full-workout',
    title: 'Try a full workout',
    description:
      'Give yourself 45 minutes of running, swimming or a class you love. Channel the buzz into something that feels strong.',
    mood: 'Ecstatic',
    points: 5500,
  },
  {
    slug: 'ecstatic-volunteer-a-few-hours',
    title: 'Volunteer a few hours of your time',
    description:
      "Give a few hours to a local food bank, shelter or park cleanup. Your energy can brighten someone else's week.",
    mood: 'Ecstatic',
    points: 6000,
  },

  // Happy: enjoy the good mood and share it, with a mix of light and fuller activities.
  {
    slug: 'happy-three-good-things',
    title: 'Write down three good things',
    description:
      'Note three things that went well today, big or small, and why they mattered to you.',
    mood: 'Happy',
    points: 1000,
  },
  {
    slug: 'happy-feel-good-playlist',
    title: 'Make a feel-good playlist',
    description:
      'Gather ten songs that lift your mood into one playlist. Save it for a day when you might need a boost.',
    mood: 'Happy',
    points: 1000,
  },
  {
    slug: 'happy-share-a-happy-photo',
    title: 'Share a favorite photo memory',
    description:
      'Scroll back to photos from a day you loved and send one to someone who was there with you.',
    mood: 'Happy',
    points: 1000,
  },
  {
    slug: 'happy-water-with-meals',
    title: 'Drink a glass of water with each meal',
    description:
      'Have a full glass of water alongside each meal today. Staying hydrated helps keep your energy steady.',
    mood: 'Happy',
    points: 1000,
  },
  {
    slug: 'happy-call-a-friend',
    title: 'Call a friend just to chat',
    description:
      'Ring someone you enjoy talking to, with no agenda at all. Ask how they are really doing, and listen.',
    mood: 'Happy',
    points: 1500,
  },
  {
    slug: 'happy-care-for-a-plant',
    title: 'Care for a plant',
    description:
      'Water, repot or trim a houseplant, or plant a few seeds. Tending something living is quietly satisfying.',
    mood: 'Happy',
    points: 1500,
  },
  {
    slug: 'happy-read-a-chapter',
    title: 'Read a chapter of a good book',
    description:
      'Find a comfortable spot and read one chapter of something you enjoy. Let yourself get lost in it for a while.',
    mood: 'Happy',
    points: 1500,
  },
  {
    slug: 'happy-send-encouragement',
    title: 'Cheer someone on',
    description:
      'Send an encouraging message to someone working toward something hard. A few words of support can mean a lot.',
    mood: 'Happy',
    points: 1500,
  },
  {
    slug: 'happy-ten-minute-stretch',
    title: 'Stretch for ten minutes',
    description:
      'Roll your shoulders, reach for the ceiling and loosen your hips for ten easy minutes. Your body will thank you.',
    mood: 'Happy',
    points: 1500,
  },
  {
    slug: 'happy-twenty-minute-walk',
    title: 'Take a 20-minute walk',
    description:
      'Head outside for a 20-minute walk at an easy pace. Notice the sky, the trees and the people going about their day.',
    mood: 'Happy',
    points: 2000,
  },
  {
    slug: 'happy-tidy-your-workspace',
    title: 'Tidy your workspace',
    description:
      'Spend 15 minutes clearing your desk or table and putting things back where they belong. Enjoy the calm it leaves behind.',
    mood: 'Happy',
    points: 2000,
  },
  {
    slug: 'happy-plan-something-fun',
    title: 'Plan something to look forward to',
    description:
      'Schedule one fun thing for the coming week, like a movie, a class or a visit. Anticipation is its own little joy.',
    mood: 'Happy',
    points: 2000,
  },
  {
    slug: 'happy-do-a-kind-favor',
    title: 'Do one kind favor',
    description:
      'Offer to help a coworker, friend or family member with something on their plate today. Small kindnesses add up.',
    mood: 'Happy',
    points: 2500,
  },
  {
    slug: 'happy-letter-to-someone-you-love',
    title: 'Write a letter to someone you love',
    description:
      'Put pen to paper and tell someone what they mean to you. Mail it, or hand it over in person.',
    mood: 'Happy',
    points: 2500,
  },
  {
    slug: 'happy-eat-outdoors',
    title: 'Have a picnic or eat outdoors',
    description:
      'Pack a simple lunch and eat it in a park, on a balcony or on your front step. Fresh air makes everything taste better.',
    mood: 'Happy',
    points: 2500,
  },
  {
    slug: 'happy-play-a-game-together',
    title: 'Play a game with someone',
    description:
      'Suggest a board game, card game or puzzle with family, friends or roommates. Play for the fun of it, not the win.',
    mood: 'Happy',
    points: 2500,
  },
  {
    slug: 'happy-yoga-session',
    title: 'Do a 30-minute yoga session',
    description:
      'Follow a beginner-friendly yoga video or your own flow for half an hour. Move gently and breathe deeply.',
    mood: 'Happy',
    points: 3000,
  },
  {
    slug: 'happy-practice-a-hobby',
    title: 'Practice a hobby for 30 minutes',
    description:
      'Spend half an hour on a hobby you love or want to get better at, like drawing, knitting or playing an instrument.',
    mood: 'Happy',
    points: 3000,
  },
  {
    slug: 'happy-declutter-one-drawer',
    title: 'Declutter one shelf or drawer',
    description:
      'Pick one shelf or drawer, sort what is there and set aside anything you no longer use. Keep it to that one small area.',
    mood: 'Happy',
    points: 3000,
  },
  {
    slug: 'happy-cook-a-new-recipe',
    title: 'Cook a new recipe',
    description:
      'Pick a recipe you have never tried and make it from start to finish. Little mistakes are part of the fun.',
    mood: 'Happy',
    points: 3500,
  },
  {
    slug: 'happy-bake-to-share',
    title: 'Bake something to share',
    description:
      'Bake cookies, bread or muffins and share some with neighbors, friends or coworkers.',
    mood: 'Happy',
    points: 4000,
  },
  {
    slug: 'happy-clean-the-kitchen',
    title: 'Give your kitchen a good clean',
    description:
      'Wipe the counters, clean the stovetop and clear the sink. A fresh kitchen makes cooking feel inviting again.',
    mood: 'Happy',
    points: 4500,
  },
  {
    slug: 'happy-run-swim-or-ride',
    title: 'Go for a run, swim or bike ride',
    description:
      'Choose the activity you enjoy most and do it for 30 to 45 minutes. Let your good mood power the movement.',
    mood: 'Happy',
    points: 5000,
  },
  {
    slug: 'happy-nature-hike',
    title: 'Go on a nature hike',
    description:
      'Spend an hour or more on a trail, by the water or in a big park. Bring water, a snack and your curiosity.',
    mood: 'Happy',
    points: 6500,
  },

  // Neutral: gentle engagement with the body, the home and other people.
  {
    slug: 'neutral-glass-of-water',
    title: 'Drink a glass of water',
    description:
      "Pour yourself a full glass of water and drink it slowly. It's a simple way to look after yourself.",
    mood: 'Neutral',
    points: 1500,
  },
  {
    slug: 'neutral-open-a-window',
    title: 'Open a window for fresh air',
    description:
      'Open a window for ten minutes and take a few deep breaths of fresh air. Let the room, and your mind, feel a little lighter.',
    mood: 'Neutral',
    points: 1500,
  },
  {
    slug: 'neutral-five-minute-stretch',
    title: 'Stretch for five minutes',
    description:
      'Stand up and stretch your neck, shoulders, back and legs for five minutes. Move in whatever way feels good.',
    mood: 'Neutral',
    points: 1500,
  },
  {
    slug: 'neutral-three-things-you-notice',
    title: 'Write three things you notice',
    description:
      'Look around and write down three things you can see, hear or smell right now. It is a gentle way to arrive in the moment.',
    mood: 'Neutral',
    points: 1500,
  },
  {
    slug: 'neutral-song-you-love',
    title: 'Listen to a song you love',
    description:
      'Put on a song that means something to you and give it your full attention. Headphones and closed eyes are optional.',
    mood: 'Neutral',
    points: 1500,
  },
  {
    slug: 'neutral-tidy-one-surface',
    title: 'Tidy one small surface',
    description:
      'Clear a nightstand, a desk corner or a stretch of kitchen counter. One small clean spot can make a whole room feel calmer.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-text-a-friend',
    title: 'Text a friend hello',
    description:
      'Send a short message to a friend you have not talked to in a while. A simple "how are you?" is enough.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-read-ten-pages',
    title: 'Read ten pages of a book',
    description:
      'Pick up a book you have been meaning to read and get through ten pages. If it is not grabbing you, try another one.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-get-some-daylight',
    title: 'Get some daylight',
    description:
      'Spend ten minutes outside or by a bright window, ideally in the morning. Daylight helps your body find its rhythm.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-doodle-for-ten-minutes',
    title: 'Doodle or color for ten minutes',
    description:
      "Grab any pen and paper and let your hand wander. There's no right way to do it, and nobody needs to see it.",
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-plan-tomorrow',
    title: 'Jot down a small plan for tomorrow',
    description:
      'Write one to three simple things you would like to do tomorrow. Keep the list short enough to feel doable.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-unhurried-shower',
    title: 'Take a slow, warm shower',
    description:
      'Take a shower without rushing and notice the warmth of the water. Put on something comfortable afterward.',
    mood: 'Neutral',
    points: 2000,
  },
  {
    slug: 'neutral-fifteen-minute-walk',
    title: 'Take a 15-minute walk',
    description:
      'Step outside and walk around the block or a nearby park for 15 minutes. No destination needed.',
    mood: 'Neutral',
    points: 2500,
  },
  {
    slug: 'neutral-walk-a-new-route',
    title: 'Walk a different way',
    description:
      'Take a new route to the store, the bus stop or around your neighborhood. A change of scenery can wake up your curiosity.',
    mood: 'Neutral',
    points: 2500,
  },
  {
    slug: 'neutral-clear-one-small-to-do',
    title: 'Clear one small to-do',
    description:
      'Pick a quick task you have been putting off, like replying to an email or paying a bill, and get it done.',
    mood: 'Neutral',
    points: 2500,
  },
  {
    slug: 'neutral-one-load-of-laundry',
    title: 'Do one load of laundry',
    description:
      'Wash, dry and fold one load. Having clean clothes ready is a small kindness to your future self.',
    mood: 'Neutral',
    points: 3000,
  },
  {
    slug: 'neutral-call-someone-you-care-about',
    title: 'Call a family member or friend',
    description:
      'Have a short phone or video call with someone you care about. Ask about their week and share a bit of yours.',
    mood: 'Neutral',
    points: 3000,
  },
  {
    slug: 'neutral-cook-a-nourishing-meal',
    title: 'Cook a simple, nourishing meal',
    description:
      'Make something easy with a vegetable or two, like soup, eggs on toast or a grain bowl. Sit down to eat it.',
    mood: 'Neutral',
    points: 3500,
  },
  {
    slug: 'neutral-gentle-yoga',
    title: 'Try a 20-minute gentle yoga video',
    description:
      'Follow a gentle, beginner-friendly yoga video at your own pace. Skip anything that does not feel right.',
    mood: 'Neutral',
    points: 3500,
  },
  {
    slug: 'neutral-thirty-minute-walk',
    title: 'Go for a 30-minute walk',
    description:
      'Take a longer walk at a comfortable pace, with a podcast or in quiet. Notice how you feel by the end.',
    mood: 'Neutral',
    points: 4000,
  },
  {
    slug: 'neutral-return-to-a-hobby',
    title: 'Spend 30 minutes on a hobby',
    description:
      'Return to something you used to enjoy, like drawing, gardening, puzzles or music, for half an hour.',
    mood: 'Neutral',
    points: 4500,
  },
  {
    slug: 'neutral-refresh-one-room',
    title: 'Refresh one room',
    description:
      'Spend 30 to 45 minutes tidying, vacuuming and airing out one room. Enjoy the fresh start when you are done.',
    mood: 'Neutral',
    points: 5500,
  },
  {
    slug: 'neutral-full-workout',
    title: 'Do a 45-minute workout',
    description:
      'Go for a run, a swim, a bike ride or a class. Start slowly and let your body warm up into it.',
    mood: 'Neutral',
    points: 6000,
  },
  {
    slug: 'neutral-afternoon-outdoors',
    title: 'Spend an afternoon outdoors',
    description:
      'Go for a hike, a long bike ride or a visit to a favorite nature spot for a couple of hours. Bring water and a snack.',
    mood: 'Neutral',
    points: 7500,
  },

  // Sad: small, low-effort, self-compassionate acts.
  {
    slug: 'sad-glass-of-water',
    title: 'Drink a glass of water',
    description:
      'Fill a glass with water and sip it slowly. Taking care of your body is a quiet way of being kind to yourself.',
    mood: 'Sad',
    points: 2000,
  },
  {
    slug: 'sad-sit-by-a-window',
    title: 'Sit by a window for a few minutes',
    description:
      'Find a window, sit down and look outside for a few minutes. Watch the light, the sky or whatever passes by.',
    mood: 'Sad',
    points: 2000,
  },
  {
    slug: 'sad-comforting-song',
    title: 'Play a song that comforts you',
    description:
      'Put on a song that feels like an old friend. You can sing along, cry a little or simply listen.',
    mood: 'Sad',
    points: 2000,
  },
  {
    slug: 'sad-open-a-window',
    title: 'Open a window',
    description: 'Let some fresh air into your room and take three slow breaths near the window.',
    mood: 'Sad',
    points: 2000,
  },
  {
    slug: 'sad-comfort-show',
    title: 'Watch something gentle and comforting',
    description:
      'Put on a comfort show or film you know well. Let yourself rest without feeling guilty about it.',
    mood: 'Sad',
    points: 2000,
  },
  {
    slug: 'sad-blanket-and-tea',
    title: 'Wrap up in a blanket with tea',
    description:
      'Make a warm drink, wrap yourself in a soft blanket and rest for a while. You deserve comfort today.',
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-make-your-bed',
    title: 'Make your bed',
    description:
      "Pull up the covers and straighten the pillow. It doesn't need to be perfect, just a little neater than before.",
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-one-kind-thing-about-yourself',
    title: 'Name one kind thing about yourself',
    description:
      'Write or say out loud one thing you like about yourself. If it feels hard, think of what a good friend would say about you.',
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-step-outside',
    title: 'Step outside for a moment',
    description:
      'Open the door and stand outside for a minute or two. Feel the air on your face and notice the temperature.',
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-three-things-you-notice',
    title: 'Write three things you notice',
    description:
      'Look around and note three things you can see or hear right now, like a bird, a color or the hum of the fridge.',
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-pet-or-plant',
    title: 'Spend time with a pet or plant',
    description:
      'Stroke a pet, water a plant or watch the birds outside for a few minutes. Caring for something living can be grounding.',
    mood: 'Sad',
    points: 2500,
  },
  {
    slug: 'sad-thinking-of-you-text',
    title: 'Send one person a kind message',
    description:
      'Text a friend or family member something short, like "thinking of you." There is no need to explain how you feel.',
    mood: 'Sad',
    points: 3000,
  },
  {
    slug: 'sad-change-into-clean-clothes',
    title: 'Change into clean clothes',
    description:
      'Put on something fresh and comfortable, like a soft sweater or a favorite T-shirt. Small changes can feel surprisingly good.',
    mood: 'Sad',
    points: 3000,
  },
  {
    slug: 'sad-write-how-you-feel',
    title: 'Write down how you feel',
    description:
      'Write a few honest lines about how today feels, without judging them. Nobody else needs to read them.',
    mood: 'Sad',
    points: 3000,
  },
  {
    slug: 'sad-gentle-stretch',
    title: 'Stretch gently for five minutes',
    description:
      'Reach your arms up, roll your shoulders and let your head tip gently from side to side. Five slow minutes is plenty.',
    mood: 'Sad',
    points: 3000,
  },
  {
    slug: 'sad-five-minute-walk',
    title: 'Take a five-minute walk',
    description:
      "Step outside and walk for just five minutes, even if it's only to the end of the street and back. That counts.",
    mood: 'Sad',
    points: 3500,
  },
  {
    slug: 'sad-eat-something-nourishing',
    title: 'Eat something nourishing',
    description:
      'Have something simple and filling, like toast, fruit, yogurt or soup. Your body is doing its best and needs fuel.',
    mood: 'Sad',
    points: 3500,
  },
  {
    slug: 'sad-tidy-one-surface',
    title: 'Tidy one small surface',
    description:
      'Clear a nightstand or a corner of a table, just one small spot. Let that be enough for now.',
    mood: 'Sad',
    points: 3500,
  },
  {
    slug: 'sad-warm-shower',
    title: 'Take a warm shower',
    description:
      'Let warm water run over your shoulders for a few minutes. Even a short shower can help you feel a bit more like yourself.',
    mood: 'Sad',
    points: 4000,
  },
  {
    slug: 'sad-start-a-load-of-laundry',
    title: 'Start a load of laundry',
    description:
      'Gather some clothes and start a wash. Finishing it later is a bonus, not a requirement.',
    mood: 'Sad',
    points: 4500,
  },
  {
    slug: 'sad-call-someone-safe',
    title: 'Call someone you feel safe with',
    description:
      'Call a friend or family member you feel comfortable with. You can talk about anything, or simply hear a familiar voice.',
    mood: 'Sad',
    points: 5000,
  },
  {
    slug: 'sad-make-a-warm-meal',
    title: 'Make yourself a warm meal',
    description:
      'Cook something easy, like pasta, eggs or soup warmed on the stove. Eat it somewhere comfortable.',
    mood: 'Sad',
    points: 5000,
  },
  {
    slug: 'sad-fifteen-minute-walk',
    title: 'Take a 15-minute walk',
    description:
      'If you can, walk for 15 minutes at whatever pace feels right. Fresh air and movement can soften a heavy day.',
    mood: 'Sad',
    points: 5500,
  },
  {
    slug: 'sad-visit-a-place-you-like',
    title: 'Spend an hour somewhere you like',
    description:
      'Visit a library, cafe, park or shop you enjoy for about an hour. Being around a little life can lighten the weight.',
    mood: 'Sad',
    points: 8000,
  },

  // Depressed: the smallest possible steps, offered with no pressure.
  {
    slug: 'depressed-sips-of-water',
    title: 'Take a few sips of water',
    description:
      "Keep a glass of water nearby and take a few sips. That's a real act of care, and it counts.",
    mood: 'Depressed',
    points: 2500,
  },
  {
    slug: 'depressed-sit-up-feet-on-floor',
    title: 'Sit up and rest your feet on the floor',
    description:
      "If you have been lying down, sit up slowly and let your feet rest on the floor. Take one breath. That's enough for now.",
    mood: 'Depressed',
    points: 2500,
  },
  {
    slug: 'depressed-open-the-curtains',
    title: 'Open the curtains',
    description:
      "Pull back the curtains or raise the blinds to let a little daylight in. You don't need to do anything else.",
    mood: 'Depressed',
    points: 2500,
  },
  {
    slug: 'depressed-one-gentle-song',
    title: 'Listen to one gentle song',
    description:
      'Put on one song that feels soft and familiar, and let it keep you company for a few minutes.',
    mood: 'Depressed',
    points: 2500,
  },
  {
    slug: 'depressed-three-slow-breaths',
    title: 'Take three slow breaths',
    description:
      "Breathe in gently through your nose and out slowly through your mouth, three times. You're doing better than you think.",
    mood: 'Depressed',
    points: 2500,
  },
  {
    slug: 'depressed-blanket-and-tea',
    title: 'Wrap yourself in a blanket with tea',
    description:
      'Make a warm drink and wrap up in something soft. Let yourself be cared for, even if it is only by you.',
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-one-kind-thing-about-yourself',
    title: 'Name one kind thing about yourself',
    description:
      "Think of one gentle, true thing about yourself, like 'I keep trying.' You can whisper it, write it or just hold it in mind.",
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-sit-by-a-window',
    title: 'Sit by a window',
    description:
      'Sit near a window for a few minutes and look out at the sky. There is no need to think about anything in particular.',
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-stretch-where-you-are',
    title: 'Stretch for a few minutes where you are',
    description:
      'Stretch your arms overhead, point and flex your toes and roll your shoulders, right where you are, even in bed.',
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-notice-three-things',
    title: 'Notice three things around you',
    description:
      'Gently name three things you can see, like a lamp, a cup or a patch of light. It is a soft way to come back to the room.',
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-pet-or-plant',
    title: 'Spend a moment with a pet or plant',
    description:
      'Pet an animal, water a plant or simply look at something green for a moment. Small living things can be good company.',
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-one-honest-sentence',
    title: 'Write one sentence about today',
    description:
      "Write one honest sentence about how today feels. It doesn't have to be neat or hopeful, just true.",
    mood: 'Depressed',
    points: 3000,
  },
  {
    slug: 'depressed-loosely-make-the-bed',
    title: 'Pull the covers up on your bed',
    description: 'Pull the covers up over your bed. Lumpy and imperfect is completely fine.',
    mood: 'Depressed',
    points: 3500,
  },
  {
    slug: 'depressed-wash-your-face',
    title: 'Wash your face or brush your teeth',
    description:
      'Splash some water on your face or brush your teeth. One small freshening-up is a real accomplishment today.',
    mood: 'Depressed',
    points: 3500,
  },
  {
    slug: 'depressed-put-away-one-thing',
    title: 'Put away one thing',
    description:
      'Pick up one item, like a cup, a shirt or a wrapper, and put it where it belongs. Just one is plenty.',
    mood: 'Depressed',
    points: 3500,
  },
  {
    slug: 'depressed-thinking-of-you-text',
    title: 'Text one person "thinking of you"',
    description:
      'Send a short message to someone you like. A few words are plenty, and you never have to say more than you want to.',
    mood: 'Depressed',
    points: 4000,
  },
  {
    slug: 'depressed-put-on-clean-clothes',
    title: 'Put on clean clothes',
    description:
      'Swap into something clean and soft, even if it is a fresh pair of pajamas. Feeling a little fresher can help.',
    mood: 'Depressed',
    points: 4000,
  },
  {
    slug: 'depressed-eat-something-small',
    title: 'Eat something small',
    description:
      'Have a piece of fruit, a handful of crackers or a slice of toast. A little food gives your body a little strength.',
    mood: 'Depressed',
    points: 4000,
  },
  {
    slug: 'depressed-step-outside-one-minute',
    title: 'Step outside for one minute',
    description:
      'Open the front door or step onto a balcony and breathe the outside air for one minute. You can go right back in afterward.',
    mood: 'Depressed',
    points: 4000,
  },
  {
    slug: 'depressed-reach-out-to-someone',
    title: 'Reach out to someone you trust',
    description:
      "If things feel heavy, let someone you trust know, or call a local helpline. You don't have to carry it all alone.",
    mood: 'Depressed',
    points: 5000,
  },
  {
    slug: 'depressed-take-a-shower',
    title: 'Take a shower',
    description:
      'Take a shower, as short or as long as you like. If that feels like too much today, washing your hands and face counts too.',
    mood: 'Depressed',
    points: 5500,
  },
  {
    slug: 'depressed-five-minute-walk',
    title: 'Take a five-minute walk',
    description:
      'Walk slowly for five minutes, around the block or even up and down a hallway. Every step is enough.',
    mood: 'Depressed',
    points: 6000,
  },
  {
    slug: 'depressed-simple-warm-meal',
    title: 'Have a simple warm meal',
    description:
      'Heat up something easy, like soup, noodles or leftovers. Eating something warm is a way of caring for yourself.',
    mood: 'Depressed',
    points: 6500,
  },
  {
    slug: 'depressed-fifteen-minute-walk-outside',
    title: 'Take a 15-minute walk outside',
    description:
      'If you have a little energy, walk outside for 15 minutes at the slowest pace you like. Fresh air and light can help a bit.',
    mood: 'Depressed',
    points: 8500,
  },
];
