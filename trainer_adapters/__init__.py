"""trainer_adapters"""
