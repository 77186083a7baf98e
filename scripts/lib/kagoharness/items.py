"""The generated lists the bench measures on: a fixed seed, English, Japanese and emoji names."""

import datetime
import random
import time

GENERATOR_VERSION = 1          # bump when the generated items change; invalidates the cache


EN = ["Milk", "Bread", "Eggs", "Butter", "Cheddar", "Apples", "Bananas", "Rice", "Spaghetti",
      "Tomatoes", "Onions", "Garlic", "Chicken thighs", "Olive oil", "Coffee beans", "Green tea",
      "Greek yogurt", "Oranges", "Lettuce", "Carrots", "Potatoes", "Salmon fillets", "Firm tofu",
      "Dish soap", "Paper towels", "Toothpaste", "Shampoo", "AA batteries", "Orange juice",
      "Peanut butter", "Oat milk", "Frozen peas", "Sparkling water", "Cat food", "Bin bags"]


JA = ["牛乳", "食パン", "卵", "豆腐", "納豆", "醤油", "味噌", "白菜", "大根", "玉ねぎ", "にんじん",
      "じゃがいも", "鮭の切り身", "鶏もも肉", "緑茶", "米", "海苔", "梅干し", "ほうれん草",
      "トイレットペーパー", "食器用洗剤", "歯ブラシ", "ヨーグルト", "バナナ", "りんご", "みかん",
      "枝豆", "うどん", "そば", "カレールー", "麦茶", "しいたけ", "ごま油"]


EMOJI = ["🍎 Apples", "🥛 Milk", "🍞 Bread", "🥚 Eggs", "🧀 Cheese", "🍌", "🍣 寿司", "🍙 おにぎり",
         "🥑 Avocado", "🍫 Chocolate", "🧻 Toilet paper", "☕ Coffee", "🍵 抹茶", "🥕 にんじん",
         "🍅 Tomatoes", "🐟 魚", "🍺 Beer", "🧂 Salt", "🍜 ラーメン", "🎂 Birthday cake"]


VARIANTS = ["", "", "", " (large)", " organic", " 2L", " 特売", " for Saturday", " 大きめ", " ×お徳用"]


QUANTITIES = [None, None, None, "2", "3", "4", "6", "500g", "1.5L", "2本", "3個", "1kg", "6 pack", "200ml"]


CATEGORIES = [None, "dairy", "bakery", "produce", "meat", "fish", "frozen", "drinks", "household",
              "snacks", "野菜", "乳製品", "日用品", "お菓子", "🍺 drinks", "pharmacy", "pets"]


NOTES = ["the low-fat one", "セールなら", "🎉 for the party", "ask at the counter", "2つ目半額",
         "not the store brand"]


def generate_items(n, seed=20260101):
    """n deterministic items: English, Japanese and emoji names, about 30 % purchased."""
    rnd = random.Random(seed * 1000003 + n)
    now = int(time.time())
    today = datetime.date.today()
    items = []
    for i in range(n):
        pool = rnd.random()
        base = rnd.choice(EN if pool < 0.45 else JA if pool < 0.85 else EMOJI)
        name = base + rnd.choice(VARIANTS)
        if rnd.random() < 0.25:
            name += " %d" % i  # many distinct names, for the completion memory
        purchased = rnd.random() < 0.30
        created = now - rnd.randint(0, 90 * 86400)
        bought = min(now, created + rnd.randint(0, 30 * 86400)) if purchased else None
        date = None
        if rnd.random() < 0.7:
            date = (today + datetime.timedelta(days=rnd.randint(-10, 40))).isoformat()
        items.append({
            "name": name,
            "quantity": rnd.choice(QUANTITIES),
            "category": rnd.choice(CATEGORIES),
            "date": date,
            "note": rnd.choice(NOTES) if rnd.random() < 0.1 else None,
            "purchased": purchased,
            "created_at": iso(created),
            "purchased_at": iso(bought) if bought else None,
        })
    return items


def iso(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def from_iso(s):
    return int(datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp())
