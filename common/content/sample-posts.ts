// The texts of the sample posts a new site starts with (server/db/seed.ts makes them, with
// generated pictures). In the post format (spec §2); their rendering must stay byte for byte
// what it was before formatting (decision 0032, app/components/blog/blog-body.test.tsx).

/** The sample posts' texts (the post format, spec §2). */
export const samplePosts: { title: string; bg: string; caption: string; content: string[] }[] = [
  {
    title: "5 Social Media Habits That Grow Nigerian Small Businesses",
    bg: "#ffffff",
    caption: "Social habits",
    content: [
      "Most small businesses in Lagos, Abuja and Port Harcourt already have an Instagram page. The ones that grow treat it like a shop window that is open every day, not a noticeboard they update when they remember.",
      "# 1. Post on a calendar, not on a mood",
      "A simple weekly calendar of three feed posts and daily stories beats bursts of ten posts followed by silence. Your followers learn when to expect you, and the algorithm rewards consistency.",
      "# 2. Answer every DM within the hour",
      "Customers who ask for a price in the DMs are ready to buy. A quick, friendly answer with the price in naira and a clear next step turns that question into a sale.",
      "# 3. Show the people behind the brand",
      "* Short videos of your team at work",
      "* Customer testimonials in their own words",
      "* Behind-the-scenes clips of orders being packed",
      "# 4. Use local hashtags and keywords",
      "Add the city and the neighbourhood you serve. Someone searching for a cake in Lekki should find you before a bakery in another state.",
      "# 5. Read your numbers once a month",
      "Look at reach, saves, profile visits and messages. Keep what works, drop what does not, and plan next month's posts around the winners.",
    ],
  },
  {
    title: "How Much Should You Spend on Instagram Ads in Naira?",
    bg: "#f5f8ff",
    caption: "Ad budgets",
    content: [
      "The honest answer is: less than you fear to start, and more once you know what works. A test budget lets you learn which audience and which creative bring customers, before you scale.",
      "# Start with a two-week test",
      "Set a daily budget you can keep for fourteen days, split across two or three audiences. Keep the creative the same so you compare audiences, not pictures.",
      "# Watch cost per result, not likes",
      "* Cost per message or cost per lead for service businesses",
      "* Cost per purchase for online shops",
      "* Frequency above 3 means people are tired of the ad",
      "# Scale what wins",
      "When one audience gives you customers at a cost you can afford, raise its budget by about a fifth every few days instead of doubling it overnight.",
    ],
  },
  {
    title: "Branding on a Budget: What to Get Right First",
    bg: "#fff8ec",
    caption: "Brand basics",
    content: [
      "A brand is the promise customers remember. You do not need a big budget to make it clear, but you do need to be consistent.",
      "# A logo that works small",
      "Your logo will live on a phone screen far more than on a billboard. Test it at the size of a profile picture before you print anything.",
      "# Two colours and one typeface",
      "Pick a main colour, an accent colour and one typeface family, and use them everywhere: posts, flyers, invoices and your website.",
      "# A voice people recognise",
      "* Write the way you speak to your best customers",
      "* Keep a short list of words you always use and words you never use",
      "* Reply to comments in the same voice as your posts",
    ],
  },
  {
    title: "Video Content That Sells: A Simple Plan for Busy Owners",
    bg: "#ffffff",
    caption: "Video that sells",
    content: [
      "Short videos are the fastest way to show what you sell and why it is worth the price. A 30-second explainer can answer the questions customers ask in your DMs every day.",
      "# Plan three kinds of video",
      "* A product or service explainer",
      "* A customer story",
      "* A behind-the-scenes clip",
      "# Script before you shoot",
      "Write the first line first: it has about two seconds to stop the scroll. Then say the problem, show the solution and end with one clear call to action.",
      "# Reuse every video",
      "Post the same clip as a reel, a story and a short on other platforms, and pin the best one to the top of your profile.",
    ],
  },
];
