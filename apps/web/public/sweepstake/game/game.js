(() => {
  // Fictional demo deals, prices in cents (the site's money unit).
  const DEALS = [
    ['Canvas tote bag', 2450],
    ['Running shoes', 8999],
    ['Wool overcoat', 24900],
    ['Silver hoop earrings', 3900],
    ['Yoga mat', 2999],
    ['Leather wallet', 5500],
    ['Cashmere sweater', 16800],
    ['Kids rain boots', 3400],
    ['Eau de parfum 50 ml', 9200],
    ['Hiking backpack 30 L', 12900],
    ['Denim jacket', 7900],
    ['Sunscreen SPF 50', 1600],
    ['Ankle boots', 14500],
    ['Sports bra', 3800],
    ['Smart watch strap', 1999],
    ['Two-person tent', 19900],
  ];
  const WIN = 5;
  const $ = (id) => document.getElementById(id);
  const fmt = (c) => '$' + (c / 100).toFixed(2).replace(/\.00$/, '');
  // revealing: a right guess shows the next price for a moment before the cards move on; guesses
  // wait until then, so a quick second key press never judges a deal whose price is still hidden.
  let deck = [],
    now,
    next,
    streak = 0,
    best = 0,
    over = false,
    revealing = false;
  function shuffle() {
    deck = DEALS.slice();
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
  }
  function draw() {
    if (deck.length === 0) shuffle();
    let d = deck.pop();
    if (now && d[1] === now[1]) d = deck.pop() || d;
    return d;
  }
  function show() {
    $('now-item').textContent = now[0];
    $('now-price').textContent = fmt(now[1]);
    $('next-item').textContent = next[0];
    $('next-price').textContent = '?';
    $('next-price').setAttribute('aria-label', 'Price hidden');
    $('streak').textContent = streak;
    $('best').textContent = best;
    revealing = false;
    $('higher').disabled = $('lower').disabled = over;
  }
  function start() {
    shuffle();
    streak = 0;
    over = false;
    revealing = false;
    now = draw();
    next = draw();
    show();
    $('status').textContent = 'New game: is ' + next[0] + ' higher or lower than ' + fmt(now[1]) + '?';
    $('higher').disabled = $('lower').disabled = false;
    $('again').hidden = true;
    $('higher').focus();
  }
  function guess(higher) {
    if (over || revealing) return;
    const right = higher ? next[1] >= now[1] : next[1] <= now[1];
    $('next-price').textContent = fmt(next[1]);
    $('next-price').removeAttribute('aria-label');
    if (right) {
      streak++;
      best = Math.max(best, streak);
      if (streak >= WIN) {
        end('You win! ' + WIN + ' in a row: ' + next[0] + ' was ' + fmt(next[1]) + '.');
        return;
      }
      $('status').textContent = 'Right! ' + next[0] + ' is ' + fmt(next[1]) + '. Streak ' + streak + '.';
      now = next;
      next = draw();
      const focused = document.activeElement;
      revealing = true;
      $('higher').disabled = $('lower').disabled = true;
      setTimeout(() => {
        show();
        if (document.activeElement === document.body && focused) focused.focus();
      }, 600);
    } else {
      end('Not quite: ' + next[0] + ' is ' + fmt(next[1]) + '. Your streak was ' + streak + '.');
    }
    $('streak').textContent = streak;
    $('best').textContent = best;
  }
  function end(message) {
    over = true;
    $('status').textContent = message;
    $('higher').disabled = $('lower').disabled = true;
    $('again').hidden = false;
    $('again').focus();
  }
  $('higher').addEventListener('click', () => guess(true));
  $('lower').addEventListener('click', () => guess(false));
  $('again').addEventListener('click', start);
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'h' || e.key === 'H' || e.key === 'ArrowUp') {
      e.preventDefault();
      guess(true);
    } else if (e.key === 'l' || e.key === 'L' || e.key === 'ArrowDown') {
      e.preventDefault();
      guess(false);
    } else if ((e.key === 'r' || e.key === 'R') && over) start();
  });
  start();
})();
