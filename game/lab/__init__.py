"""The balance lab: experiments of many AI-vs-AI games (``battletable lab``) and the AI ladder (``battletable ladder``)."""
