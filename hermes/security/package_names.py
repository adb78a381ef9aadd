"""Well-known package names of PyPI, npm, crates.io and Go: what a look-alike imitates.

Facts written down from memory, not downloaded: the names people install most often, where a
name one letter off ("reqeusts", "colourama") is the classic typosquat. context_downgrades.py
holds back a paragraph that asks to install or use a near miss of one of these.
"""

from __future__ import annotations


def words(text: str) -> list[str]:
    """The names of a block of text, one per word."""
    return text.split()


_PYPI = words("""
requests urllib3 certifi idna charset-normalizer chardet setuptools wheel pip six python-dateutil pytz tzdata
numpy pandas scipy matplotlib seaborn plotly bokeh scikit-learn scikit-image sklearn statsmodels sympy networkx
pillow opencv-python imageio tensorflow keras torch torchvision torchaudio jax jaxlib transformers tokenizers
datasets accelerate diffusers sentencepiece safetensors huggingface-hub openai anthropic langchain tiktoken
flask django fastapi starlette uvicorn gunicorn werkzeug jinja2 markupsafe itsdangerous click typer rich
colorama termcolor tqdm pyyaml ruamel.yaml toml tomli tomlkit simplejson ujson orjson msgpack protobuf grpcio
boto3 botocore s3transfer awscli google-cloud-storage google-api-python-client azure-core azure-storage-blob
sqlalchemy alembic psycopg2 psycopg2-binary psycopg pymysql mysqlclient redis celery kombu pymongo motor
aiohttp httpx httpcore h11 anyio sniffio trio asyncio websockets websocket-client requests-oauthlib oauthlib
pydantic pydantic-core attrs cattrs marshmallow jsonschema dataclasses-json typing-extensions mypy-extensions
pytest pytest-cov pytest-xdist pytest-mock pytest-asyncio coverage tox nox hypothesis mock responses freezegun
black isort flake8 pylint mypy ruff bandit pyflakes pycodestyle autopep8 yapf pre-commit virtualenv pipenv poetry
cryptography pyopenssl paramiko bcrypt passlib pyjwt jwt rsa ecdsa pynacl pycryptodome pycrypto
beautifulsoup4 bs4 lxml html5lib scrapy selenium playwright pyppeteer mechanize cssselect parsel
docutils sphinx mkdocs mkdocs-material markdown mistune pygments babel
pyarrow polars dask numba cython pybind11 joblib cloudpickle dill xgboost lightgbm catboost
gevent greenlet eventlet tornado twisted sanic bottle pyramid falcon quart
openpyxl xlrd xlsxwriter pypdf2 pypdf reportlab python-docx
python-dotenv dotenv environs decouple python-decouple configparser
psutil pexpect ptyprocess watchdog schedule apscheduler arrow pendulum dateparser humanize
sentry-sdk structlog loguru prometheus-client opentelemetry-api
setuptools-scm packaging pyparsing filelock platformdirs distlib importlib-metadata zipp
pyserial pyusb pygame kivy pyqt5 pyside6 wxpython tkinter
textual prompt-toolkit ipython jupyter notebook jupyterlab ipykernel nbformat nbconvert
discord.py python-telegram-bot slack-sdk tweepy stripe twilio sendgrid
pymssql cx-oracle elasticsearch kafka-python confluent-kafka pika
fabric invoke ansible docker kubernetes
shapely geopandas pyproj folium
nltk spacy gensim textblob
tenacity backoff retrying cachetools diskcache
""")

_NPM = words("""
react react-dom vue angular svelte next nuxt express koa fastify hapi lodash underscore axios request
moment dayjs date-fns chalk commander yargs minimist debug dotenv uuid nanoid classnames prop-types
webpack rollup vite esbuild parcel babel typescript ts-node tslib eslint prettier jest mocha chai sinon
cypress puppeteer jquery bootstrap tailwindcss postcss autoprefixer sass less styled-components
redux mobx zustand rxjs socket.io ws graphql apollo-server mongoose sequelize prisma knex pg mysql mysql2
sqlite3 redis ioredis bcryptjs jsonwebtoken passport cors helmet body-parser cookie-parser morgan
nodemon concurrently cross-env rimraf glob minimatch semver fs-extra mkdirp inquirer ora
node-fetch cross-fetch got superagent cheerio jsdom electron vitest playwright
bluebird async colors event-stream left-pad is-number core-js regenerator-runtime
""")

_CRATES = words("""
serde serde_json serde_derive tokio async-std futures reqwest hyper actix-web axum rocket warp
clap structopt anyhow thiserror log env_logger tracing tracing-subscriber rand regex lazy_static once_cell
chrono time uuid itertools rayon crossbeam parking_lot bytes byteorder libc nix winapi
diesel sqlx rusqlite rustls openssl ring base64 hex sha2 md5 flate2 zip tar walkdir tempfile
num-traits bitflags syn quote proc-macro2 cc bindgen criterion proptest
""")

_GO = words("""
gin echo fiber chi mux gorilla cobra viper logrus zap testify gorm sqlx pgx grpc protobuf
""")

# Names every project writes that no registry serves as a download: interpreters and tools,
# Python's standard modules, Node's core modules ("`urllib`" is no look-alike of urllib3). They
# are never look-alikes, and nothing is read as imitating them (`strict` is no typo of struct).
STANDARD_NAMES: frozenset[str] = frozenset(words("""
python python2 python3 pypy pypy3 node nodejs deno bun golang rustc rustup cargo npm npx pnpm yarn pipx conda
mamba uv make cmake bazel gradle maven java javac kotlin swift ruby gem bundler perl php composer dotnet
os sys re json csv abc ast io time datetime math random string struct typing types enum functools itertools
collections contextlib dataclasses pathlib shutil subprocess threading multiprocessing asyncio logging
argparse unittest doctest urllib http email socket ssl select signal sqlite3 pickle shelve copy pprint
hashlib hmac secrets base64 binascii zlib gzip bz2 lzma zipfile tarfile tempfile glob fnmatch uuid
decimal fractions statistics operator inspect importlib pkgutil traceback warnings weakref textwrap
difflib unicodedata codecs locale gettext platform getpass configparser tomllib queue heapq bisect array
xml html webbrowser sched calendar zoneinfo venv ensurepip timeit cProfile profile pdb trace
fs path events stream buffer crypto child_process cluster readline process url util utils zlib assert
"""))

KNOWN_PACKAGES: frozenset[str] = frozenset(_PYPI + _NPM + _CRATES + _GO)
