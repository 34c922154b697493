"""A toolbox of everyday functions to synthesize single-turn tool-use tasks from (`bfcl_synth`
with `registry: veriloop.envs.bfcl.toolbox:TOOLBOX`): conversions, finance, geometry, travel,
weather, text, dates. None of them is a BFCL function, and the tasks built over them are checked
against BFCL's questions (`disjoint.near_duplicate`), so a model trained on them has not seen
BFCL's test set.

Every function is pure and deterministic (a lookup is a stable hash of its arguments), so a call
can be replayed and its result compared. `VALUES` gives realistic values for parameters whose
type alone would only yield random words (cities, currencies, dates ...).
"""

from __future__ import annotations

import datetime
import hashlib
import math
from typing import Literal

from veriloop.tools import ToolRegistry, tool


def _stable(*parts: object, mod: int = 1000) -> int:
    return int(hashlib.sha256(repr(parts).encode()).hexdigest()[:8], 16) % mod


@tool
def convert_currency(amount: float, from_currency: str, to_currency: str) -> str:
    """Convert an amount of money from one currency to another at today's rate.

    Args:
        amount: the amount to convert
        from_currency: ISO code of the currency held, e.g. 'USD'
        to_currency: ISO code of the currency wanted, e.g. 'EUR'
    """
    rate = 0.5 + _stable(from_currency, to_currency) / 1000
    return f"{amount} {from_currency} = {round(amount * rate, 2)} {to_currency}"


@tool
def convert_length(value: float, from_unit: Literal["m", "km", "mi", "ft", "in"],
                   to_unit: Literal["m", "km", "mi", "ft", "in"]) -> str:
    """Convert a length between metric and imperial units.

    Args:
        value: the length to convert
        from_unit: the unit of the value
        to_unit: the unit to convert to
    """
    meters = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048, "in": 0.0254}
    return f"{round(value * meters[from_unit] / meters[to_unit], 4)} {to_unit}"


@tool
def compound_interest(principal: float, annual_rate: float, years: int,
                      compounds_per_year: int = 1) -> str:
    """Compute the final balance of a deposit earning compound interest.

    Args:
        principal: the initial deposit
        annual_rate: the yearly interest rate in percent
        years: how many years the money stays deposited
        compounds_per_year: how many times a year interest is added
    """
    n = max(compounds_per_year, 1)
    return str(round(principal * (1 + annual_rate / 100 / n) ** (n * years), 2))


@tool
def loan_payment(amount: float, annual_rate: float, months: int) -> str:
    """Compute the monthly payment of a fixed-rate loan.

    Args:
        amount: the amount borrowed
        annual_rate: the yearly interest rate in percent
        months: the number of monthly payments
    """
    r = annual_rate / 100 / 12
    pay = amount / months if r == 0 else amount * r / (1 - (1 + r) ** -months)
    return str(round(pay, 2))


@tool
def split_bill(total: float, people: int, tip_percent: float = 15.0) -> str:
    """Split a restaurant bill, tip included, between several people.

    Args:
        total: the bill before tip
        people: how many people share it
        tip_percent: the tip in percent of the bill
    """
    return str(round(total * (1 + tip_percent / 100) / max(people, 1), 2))


@tool
def circle_area(radius: float) -> str:
    """Compute the area of a circle.

    Args:
        radius: the circle's radius
    """
    return str(round(math.pi * radius ** 2, 4))


@tool
def triangle_hypotenuse(side_a: float, side_b: float) -> str:
    """Compute the hypotenuse of a right triangle from its two other sides.

    Args:
        side_a: the length of the first side
        side_b: the length of the second side
    """
    return str(round(math.hypot(side_a, side_b), 4))


@tool
def greatest_common_divisor(first: int, second: int) -> str:
    """Find the greatest common divisor of two integers.

    Args:
        first: the first integer
        second: the second integer
    """
    return str(math.gcd(first, second))


@tool
def body_mass_index(weight_kg: float, height_cm: float) -> str:
    """Calculate the body mass index from weight and height.

    Args:
        weight_kg: the body weight in kilograms
        height_cm: the height in centimetres
    """
    return str(round(weight_kg / (height_cm / 100) ** 2, 1))


@tool
def weather_forecast(city: str, days: int = 1,
                     unit: Literal["celsius", "fahrenheit"] = "celsius") -> str:
    """Get the weather forecast for a city.

    Args:
        city: the city's name
        days: how many days ahead to forecast
        unit: the temperature unit
    """
    base = _stable(city, days, mod=30)
    temp = base if unit == "celsius" else round(base * 9 / 5 + 32)
    return f"{city}: {temp} degrees {unit}, {('sunny', 'cloudy', 'rain')[base % 3]}"


@tool
def find_restaurants(city: str, cuisine: str, max_results: int = 3) -> str:
    """Find restaurants of a given cuisine in a city.

    Args:
        city: the city to search in
        cuisine: the kind of food, e.g. 'Italian'
        max_results: the most restaurants to list
    """
    return ", ".join(f"{cuisine} place #{_stable(city, cuisine, i)}" for i in range(max_results))


@tool
def book_hotel(city: str, check_in: str, nights: int, guests: int = 2) -> str:
    """Book a hotel room.

    Args:
        city: the city of the hotel
        check_in: the arrival date, YYYY-MM-DD
        nights: how many nights to stay
        guests: how many people stay in the room
    """
    return f"booking {_stable(city, check_in, nights, guests, mod=99999)} confirmed"


@tool
def search_flights(origin: str, destination: str, date: str,
                   cabin: Literal["economy", "business", "first"] = "economy") -> str:
    """Search flights between two cities on a date.

    Args:
        origin: the departure city
        destination: the arrival city
        date: the travel date, YYYY-MM-DD
        cabin: the travel class
    """
    return f"{_stable(origin, destination, date, cabin, mod=9) + 1} flights found"


@tool
def driving_distance(origin: str, destination: str,
                     unit: Literal["km", "miles"] = "km") -> str:
    """Get the driving distance between two cities.

    Args:
        origin: the starting city
        destination: the destination city
        unit: the distance unit
    """
    km = 50 + _stable(*sorted((origin, destination)), mod=2000)
    return f"{km if unit == 'km' else round(km / 1.609, 1)} {unit}"


@tool
def translate_text(text: str, target_language: str) -> str:
    """Translate a piece of text into another language.

    Args:
        text: the text to translate
        target_language: the language to translate into, e.g. 'French'
    """
    return f"[{target_language}] {text}"


@tool
def count_words(text: str) -> str:
    """Count the words in a piece of text.

    Args:
        text: the text to count
    """
    return str(len(text.split()))


@tool
def stock_price(symbol: str, exchange: Literal["NASDAQ", "NYSE", "LSE"] = "NASDAQ") -> str:
    """Get the latest price of a stock.

    Args:
        symbol: the ticker symbol, e.g. 'AAPL'
        exchange: the stock exchange
    """
    return f"{symbol}: {10 + _stable(symbol, exchange, mod=500)}.00"


@tool
def movie_showtimes(city: str, movie: str, date: str) -> str:
    """List the showtimes of a movie in a city's cinemas on a date.

    Args:
        city: the city
        movie: the movie's title
        date: the day, YYYY-MM-DD
    """
    h = _stable(city, movie, date, mod=6)
    return ", ".join(f"{14 + h + 2 * i}:00" for i in range(3))


@tool
def create_event(title: str, date: str, duration_minutes: int = 60) -> str:
    """Create a calendar event.

    Args:
        title: the event's title
        date: the day of the event, YYYY-MM-DD
        duration_minutes: how long the event lasts
    """
    return f"event '{title}' on {date} ({duration_minutes} min) created"


@tool
def send_email(to: str, subject: str, body: str = "") -> str:
    """Send an email.

    Args:
        to: the recipient's email address
        subject: the subject line
        body: the message text
    """
    return f"sent to {to}: {subject}"


@tool
def country_population(country: str, year: int = 2020) -> str:
    """Get the population of a country in a given year.

    Args:
        country: the country's name
        year: the year of the estimate
    """
    return f"{1 + _stable(country, year, mod=300)} million"


@tool
def nutrition_facts(food: str, grams: float = 100.0) -> str:
    """Get the calories and protein in a portion of a food.

    Args:
        food: the food, e.g. 'banana'
        grams: the portion's weight in grams
    """
    kcal = 20 + _stable(food, mod=500)
    return f"{round(kcal * grams / 100)} kcal"


@tool
def days_between(start_date: str, end_date: str) -> str:
    """Count the days between two dates.

    Args:
        start_date: the first date, YYYY-MM-DD
        end_date: the second date, YYYY-MM-DD
    """
    return str((datetime.date.fromisoformat(end_date)
                - datetime.date.fromisoformat(start_date)).days)


@tool
def convert_temperature(value: float, from_unit: Literal["celsius", "fahrenheit", "kelvin"],
                        to_unit: Literal["celsius", "fahrenheit", "kelvin"]) -> str:
    """Convert a temperature between Celsius, Fahrenheit and Kelvin.

    Args:
        value: the temperature to convert
        from_unit: the unit of the value
        to_unit: the unit to convert to
    """
    c = {"celsius": value, "fahrenheit": (value - 32) * 5 / 9, "kelvin": value - 273.15}[from_unit]
    out = {"celsius": c, "fahrenheit": c * 9 / 5 + 32, "kelvin": c + 273.15}[to_unit]
    return str(round(out, 2))


TOOLBOX = ToolRegistry([
    convert_currency, convert_length, compound_interest, loan_payment, split_bill, circle_area,
    triangle_hypotenuse, greatest_common_divisor, body_mass_index, weather_forecast,
    find_restaurants, book_hotel, search_flights, driving_distance, translate_text, count_words,
    stock_price, movie_showtimes, create_event, send_email, country_population, nutrition_facts,
    days_between, convert_temperature])

_CITIES = ("Paris", "Tokyo", "Nairobi", "Lima", "Oslo", "Toronto", "Mumbai", "Austin", "Seville",
           "Krakow", "Hanoi", "Perth")
_DATES = ("2025-03-14", "2025-07-01", "2025-11-20", "2026-01-09", "2026-05-23", "2026-09-30")
VALUES = {
    "city": _CITIES, "origin": _CITIES, "destination": _CITIES,
    "from_currency": ("USD", "EUR", "JPY", "GBP", "INR", "CAD"),
    "to_currency": ("USD", "EUR", "JPY", "GBP", "INR", "CAD"),
    "cuisine": ("Italian", "Thai", "Mexican", "Ethiopian", "Japanese", "Greek"),
    "date": _DATES, "check_in": _DATES, "start_date": _DATES[:3], "end_date": _DATES[3:],
    "text": ("good morning", "where is the train station", "the meeting moved to Friday",
             "thank you for your help"),
    "target_language": ("French", "Spanish", "German", "Japanese", "Swahili"),
    "symbol": ("AAPL", "MSFT", "TSLA", "NVDA", "AMZN"),
    "movie": ("Dune", "Inside Out 2", "Oppenheimer", "Barbie"),
    "title": ("Team sync", "Dentist", "Project review", "Birthday dinner"),
    "to": ("ana@example.com", "li.wei@example.com", "sam@example.org"),
    "subject": ("Quarterly report", "Lunch on Friday?", "Invoice 2291"),
    "body": ("See the attached file.", "Let me know."),
    "country": ("Brazil", "Kenya", "Japan", "Canada", "Vietnam", "Poland"),
    "food": ("banana", "rice", "almonds", "salmon", "lentils"),
    "year": (2000, 2010, 2015, 2020),
}
